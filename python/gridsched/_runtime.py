"""The Java side, in this process: a JVM (JPype) running the gridsched OSGi application as bin/gridsched does.

The framework is Equinox with the bundles of the built application (runconfigs/target: the core bundles of the
exported jar's launcher.properties, then every feature bundle of runconfigs/target/bundles, the default feature
set "everything"). Commands run through the launcher's own Cli class, the code a background server of
bin/gridsched runs, so result files are the same byte for byte.
"""

from __future__ import annotations

import contextlib
import io
import numbers
import os
import re
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path


class GridschedError(Exception):
    """A gridsched command failed (bad profile, unknown plugin or option, missing trace...): its message."""


class SetupError(GridschedError):
    """Java, JPype or the built application is missing."""


class GridschedWarning(UserWarning):
    """What a run said as a warning (jobs of a trace skipped, estimates that are no guarantee, ...): a Python
    warning, as bin/gridsched prints it on standard error."""


# the names a traceback shows and a user catches (gridsched.GridschedError), not this private module's
GridschedError.__module__ = SetupError.__module__ = GridschedWarning.__module__ = "gridsched"

_SKIPPED = re.compile(r"^\S.*: [\d,]+ job\(s\) skipped ")


def warnings_of(stderr: str) -> list:
    """The warnings a run printed on standard error (without its progress lines): 'gridsched: warning: ...' lines,
    and the jobs skipped with the first of them (a malformed trace line with file, line and field)."""
    found, block = [], None
    for line in stderr.splitlines():
        if block is not None and line.startswith("  "):
            block.append(line.strip())
            continue
        if block is not None:
            found.append(" ".join(block))
            block = None
        if line.startswith("gridsched: warning: "):
            block = [line[len("gridsched: warning: "):]]  # with its indented lines (a matrix's skipped jobs)
        elif _SKIPPED.match(line):
            block = [line]
    if block is not None:
        found.append(" ".join(block))
    return found


_lock = threading.RLock()
_runtime = None
_failure = None  # why the runtime could not start once the JVM had (a JVM cannot be started twice)
_key_calls = threading.local()  # how deep this thread is in calls of Python policies' keys
_interrupts = []  # KeyboardInterrupt or SystemExit raised in a key: raised again when its command returns


def is_whole(x) -> bool:
    """Whether x is a whole number (Python's or numpy's), not a bool: what a seed, a count or an action must be."""
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def is_number(x) -> bool:
    """Whether x is a real number (Python's or numpy's), not a bool."""
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


@contextlib.contextmanager
def locked():
    """The lock of the one framework's commands. A Python policy's key runs on a thread of the command (every command
    runs on a Java thread that the caller awaits holding the lock; a matrix's runs on several): it cannot have the
    lock, and raises an error instead of waiting for ever."""
    if getattr(_key_calls, "depth", 0) > 0:
        if not _lock.acquire(blocking=False):
            raise GridschedError("a Python policy's key called gridsched while the command that runs the policy holds "
                                 "it (the run goes on on a thread of its own, which the caller awaits); call gridsched "
                                 "outside the key")
    else:
        _lock.acquire()
    try:
        yield
    finally:
        _lock.release()


@contextlib.contextmanager
def in_key():
    """Marks this thread as running a Python policy's key (see locked)."""
    _key_calls.depth = getattr(_key_calls, "depth", 0) + 1
    try:
        yield
    finally:
        _key_calls.depth -= 1


def interrupted(e: BaseException):
    """A KeyboardInterrupt or SystemExit raised in a key: the run stops, and the command raises it again."""
    _interrupts.append(e)  # atomic under the GIL


def home() -> Path:
    """The gridsched checkout: $GRIDSCHED_HOME, else the checkout this package lies in, else one above the cwd."""
    env = os.environ.get("GRIDSCHED_HOME")
    candidates = []
    if env:
        p = Path(env).expanduser().resolve()
        if not (p / "bin" / "gridsched").is_file():
            raise SetupError(f"GRIDSCHED_HOME={env} is no gridsched checkout (no bin/gridsched in it)")
        return p
    here = Path(__file__).resolve().parent
    candidates += [here.parent.parent]
    cwd = Path.cwd().resolve()
    candidates += [cwd, *cwd.parents]
    for c in candidates:
        if (c / "bin" / "gridsched").is_file() and (c / "runconfigs").is_dir():
            return c
    raise SetupError("cannot find the gridsched checkout: set GRIDSCHED_HOME to the folder holding bin/gridsched "
                     "(or run from inside the checkout)")


def _java() -> str:
    java_home = os.environ.get("JAVA_HOME")
    if java_home and (Path(java_home) / "bin" / "java").is_file():
        return str(Path(java_home) / "bin" / "java")
    java = shutil.which("java")
    if not java:
        raise SetupError("Java 17 or newer is needed and no 'java' is on the PATH (nor JAVA_HOME set); "
                         "install it, e.g. apt-get install openjdk-17-jre-headless")
    return java


def _jvm_library(java: str) -> str:
    """libjvm.so of the JDK whose 'java' is given (JPype's own lookup prefers JAVA_HOME or a default JDK)."""
    jhome = Path(os.path.realpath(java)).parent.parent
    for cand in (jhome / "lib" / "server" / "libjvm.so", jhome / "jre" / "lib" / "server" / "libjvm.so",
                 jhome / "lib" / "server" / "libjvm.dylib"):
        if cand.is_file():
            return str(cand)
    raise SetupError(f"no libjvm in the Java installation of {java} ({jhome}); JPype needs a full JDK or JRE")


def _jpype_support_jar(jpype) -> list:
    """JPype's own Java classes (org.jpype.jar): beside the module (pip) or in /usr/share/java (Debian)."""
    base = Path(jpype.__file__).resolve().parent
    for cand in (base.parent / "org.jpype.jar", base / "org.jpype.jar", Path("/usr/share/java/org.jpype.jar")):
        if cand.is_file():
            return [str(cand)]
    return []


def ensure_built(root: Path) -> Path:
    """Builds and prepares the application as bin/gridsched does (it builds only when sources changed)."""
    env = dict(os.environ, GRIDSCHED_DAEMON="0")
    proc = subprocess.run([str(root / "bin" / "gridsched"), "--version"], cwd=root, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SetupError("the gridsched application is not built and could not be built: "
                         + (proc.stderr.strip() or proc.stdout.strip()))
    app = root / "runconfigs" / "target" / "prepared" / "app"
    if (app / "launcher.properties").is_file() and (app / "classpath").is_file():
        return app
    # no prepared layout (GRIDSCHED_PREPARED_LAYOUT=0 or preparing failed): extract the jar ourselves
    jar = root / "runconfigs" / "target" / "gridsched.jar"
    if not jar.is_file():
        raise SetupError(f"the application is not built ({jar} is missing); run bin/gridsched once")
    tmp = Path(tempfile.mkdtemp(prefix="gridsched-py-app-"))
    proc = subprocess.run([_java(), "-jar", str(jar), "-extract", str(tmp)], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0 or not (tmp / "launcher.properties").is_file():
        raise SetupError(f"cannot extract {jar}: {proc.stdout.strip()}")
    return tmp


def _read_properties(path: Path) -> dict:
    """A Java .properties file (as bnd's launcher writes it: no multi-line values)."""
    props = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if not line or line.startswith(("#", "!")):
            continue
        key, _, value = line.partition("=")
        props[key.replace("\\:", ":").replace("\\=", "=")] = (
            value.replace("\\:", ":").replace("\\=", "=").replace("\\\\", "\\"))
    return props


class Runtime:
    """One framework per Python process (a JVM cannot be restarted under JPype)."""

    def __init__(self):
        try:
            import jpype
        except ImportError as e:
            raise SetupError("JPype is needed to run gridsched in process: apt-get install python3-jpype") from e
        self.jpype = jpype
        self.home = home()
        java = _java()
        app = ensure_built(self.home)
        props = _read_properties(app / "launcher.properties")
        classpath = [p for p in (app / "classpath").read_text().strip().split(":") if p]
        if str(app) != str(self.home / "runconfigs" / "target" / "prepared" / "app"):
            classpath = [str(app / Path(p).relative_to(Path(p).parents[1])) for p in classpath]
        bundles_dir = self.home / "runconfigs" / "target" / "bundles"
        plugins = Path(os.environ.get("GRIDSCHED_PLUGINS", self.home / "workspace" / "plugins")).resolve()
        config = self.home / "workspace" / "config"
        plugins.mkdir(parents=True, exist_ok=True)
        config.mkdir(parents=True, exist_ok=True)
        self.cwd = Path.cwd()
        if jpype.isJVMStarted():
            raise SetupError("a JVM is already running in this process (JPype starts one JVM per process)")
        options = [f"-Dgridsched.home={self.home}", f"-Dgridsched.bundles={bundles_dir}",
                   f"-Dgridsched.features={os.environ.get('GRIDSCHED_FEATURES', 'default')}",
                   f"-Dfelix.fileinstall.dir={plugins},{config}", "-Djava.awt.headless=true"]
        options += os.environ.get("GRIDSCHED_JAVA_OPTS", "").split()
        classpath = classpath + _jpype_support_jar(jpype)
        # interrupt=False: Ctrl-C comes to Python (a KeyboardInterrupt, which command() turns into a cancel) instead of
        # halting the process, as JPype's default does outside an interactive shell
        jpype.startJVM(_jvm_library(java), *options, classpath=classpath, convertStrings=True, interrupt=False)
        # numbers in messages and report charts as bin/gridsched writes them, whatever the locale (MainComponent)
        Locale = jpype.JClass("java.util.Locale")
        Locale.setDefault(jpype.JClass("java.util.Locale$Category").FORMAT, Locale.ROOT)
        self._start_framework(props, bundles_dir)

    # -- framework -------------------------------------------------------------------------------------
    def _start_framework(self, props: dict, bundles_dir: Path):
        jp = self.jpype
        HashMap = jp.JClass("java.util.HashMap")
        config = HashMap()
        for k, v in props.items():
            if not k.startswith("launch.") and k not in ("gosh.args",):
                config.put(k, v)
        config.put("gosh.args", "--nointeractive --noshutdown")
        if props.get("launch.system.packages"):
            config.put("org.osgi.framework.system.packages.extra", props["launch.system.packages"])
        self._storage = tempfile.mkdtemp(prefix="gridsched-py-osgi-")
        config.put("org.osgi.framework.storage", self._storage)
        config.put("org.osgi.framework.storage.clean", "onFirstInit")
        factory = jp.JClass("org.eclipse.osgi.launch.EquinoxFactory")()
        fw = factory.newFramework(config)
        fw.init()
        self.framework = fw
        try:
            self._start_bundles(fw, props, bundles_dir)
        except BaseException:
            self.shutdown()  # a running framework's threads would keep the process from exiting
            raise

    def _start_bundles(self, fw, props: dict, bundles_dir: Path):
        jp = self.jpype
        ctx = fw.getBundleContext()
        core = [b for b in props.get("launch.bundles", "").split(",") if b]
        installed = self._install(ctx, core)
        fw.start()
        self._start(installed)
        self.context = ctx
        self.bundles = {str(b.getSymbolicName()): b for b in installed}
        self.launcher_bundle = self._bundle_with("org.gridsched.launcher.Cli")
        # the bundles of the chosen features (GRIDSCHED_FEATURES, default: everything), as bin/gridsched starts them
        features = [f.strip() for f in os.environ.get("GRIDSCHED_FEATURES", "default").split(",") if f.strip()]
        Catalog = self.java_class("org.gridsched.launcher.FeatureCatalog")
        try:
            wanted = {str(b) for b in Catalog.load(jp.JClass("java.nio.file.Path").of(str(self.home / "features")))
                      .bundlesOf(jp.JClass("java.util.List").of(*features))}
        except jp.JException as e:
            raise SetupError(f"GRIDSCHED_FEATURES={','.join(features)}: {e.getMessage()}") from None
        JarFile = jp.JClass("java.util.jar.JarFile")
        chosen = []
        for jar in sorted(bundles_dir.glob("*.jar")):
            with JarFile(str(jar)) as jf:
                m = jf.getManifest()
                bsn = None if m is None else m.getMainAttributes().getValue("Bundle-SymbolicName")
            if bsn is not None and str(bsn).split(";")[0].strip() in wanted:
                chosen.append(str(jar))
        added = self._install(ctx, chosen)
        self._start(added)
        self.bundles.update({str(b.getSymbolicName()): b for b in added})
        self.registry = self._service("org.gridsched.launcher.PluginRegistry", timeout_ms=30000)
        import atexit
        atexit.register(self.shutdown)

    def _install(self, ctx, paths):
        jp = self.jpype
        return [ctx.installBundle(Path(p).resolve().as_uri(), jp.JClass("java.io.FileInputStream")(p)) for p in paths]

    @staticmethod
    def _start(bundles):
        # after installing all, so that bundles that need each other resolve together
        for b in bundles:
            if b.getHeaders().get("Fragment-Host") is None:
                b.start()

    def _bundle_with(self, class_name: str):
        for b in self.bundles.values():
            try:
                b.loadClass(class_name)
                return b
            except Exception:
                continue
        raise SetupError(f"no bundle of the application provides {class_name}")

    def java_class(self, name: str):
        """A class of the application (looked up through the bundle that exports it)."""
        jp = self.jpype
        cache = self.__dict__.setdefault("_classes", {})
        if name not in cache:
            try:
                cache[name] = jp.JClass(self.launcher_bundle.loadClass(name))
            except Exception:
                cache[name] = jp.JClass(self._bundle_with(name).loadClass(name))
        return cache[name]

    def _service(self, class_name: str, timeout_ms: int = 10000):
        jp = self.jpype
        Tracker = jp.JClass("org.osgi.util.tracker.ServiceTracker")
        tracker = Tracker(self.context, class_name, None)
        tracker.open()
        svc = tracker.waitForService(timeout_ms)
        if svc is None:
            raise SetupError(f"the service {class_name} did not appear within {timeout_ms / 1000:.0f} s")
        return svc

    def shutdown(self):
        try:
            self.framework.stop()
            self.framework.waitForStop(10000)
        except Exception:
            pass
        shutil.rmtree(self._storage, ignore_errors=True)

    # -- commands --------------------------------------------------------------------------------------
    def command(self, *args: str, check: bool = True):
        """Runs a gridsched command (as 'bin/gridsched ARGS') in process; returns (status, stdout, stderr)."""
        jp = self.jpype
        Cli = self.java_class("org.gridsched.launcher.Cli")
        BAOS = jp.JClass("java.io.ByteArrayOutputStream")
        PrintStream = jp.JClass("java.io.PrintStream")
        Paths = jp.JClass("java.nio.file.Path")
        out_b, err_b = BAOS(), BAOS()
        out, err = PrintStream(out_b, True, "UTF-8"), PrintStream(err_b, True, "UTF-8")
        Command = self.java_class("org.gridsched.launcher.CancellableCommand")
        with locked(), _in_folder(self.cwd):
            cli = Cli(self.registry, out, err, False, Paths.of(str(self.home)))
            # on a Java thread, awaited in short steps: Python sees Ctrl-C only between its own steps, never during
            # one long call into Java; a KeyboardInterrupt cancels the run (nothing written) and is raised again. finish()
            # consumes the Java interrupt JPype's Ctrl-C handler gives this thread (thrown, it raced JPype: a fatal error)
            task = Command(cli, jp.JArray(jp.JString)(list(args)))
            try:
                while not task.finish(100):
                    pass
            except BaseException:
                task.cancel()
                while not task.finish(100):
                    pass
                raise
            status = int(task.status())
            if _interrupts:
                stop = _interrupts[0]
                _interrupts.clear()
                raise stop
        o, e = str(out_b.toString("UTF-8")), str(err_b.toString("UTF-8"))
        if check and status != 0:
            error = GridschedError(_message(e.strip() or o.strip() or f"gridsched {' '.join(args)} failed"))
            error.status = status
            raise error
        return status, o, e

    def path_arg(self, p) -> str:
        """A path as the JVM must see it: as given when the cwd is the JVM's, else absolute."""
        p = str(p)
        if os.path.isabs(p) or Path.cwd() == self.cwd:
            return p
        return str(Path(p).resolve())


@contextlib.contextmanager
def _in_folder(folder: Path):
    """The process in the JVM's starting folder while a command runs. After os.chdir the process's folder (which the
    JVM's file operations use for relative paths) and the JVM's user.dir (which it makes paths absolute with) differ:
    a run wrote part of its files in one folder and failed in the other, leaving a staging folder behind. The
    package's own functions pass absolute paths; command()'s relative paths are the starting folder's."""
    here = os.getcwd()
    if Path(here) == folder:
        yield
        return
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(here)


def _message(text: str) -> str:
    """A command's error as a Python user reads it: without the command line's advice (--debug, 'gridsched help')
    and without the Java class of an error a Python policy's key raised."""
    lines = [line for line in text.splitlines()
             if line.strip() not in ("(run again with --debug for the stack trace)", "run 'gridsched help' for the options")]
    return re.sub(r"java\.lang\.IllegalStateException: (Python batch policy )", r"\1", "\n".join(lines))


def runtime() -> Runtime:
    global _runtime, _failure
    with locked():
        if _runtime is None:
            if _failure is not None:
                raise _failure
            try:
                _runtime = Runtime()
            except SetupError as e:
                import sys
                jpype = sys.modules.get("jpype")
                if jpype is not None and jpype.isJVMStarted():
                    _failure = e  # the JVM cannot start again in this process: the same error every time
                raise
        return _runtime
