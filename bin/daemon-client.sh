# Sourced by bin/gridsched: the client side of the background server (see docs/performance.md, and
# bundles/cli/.../Daemon.java for the server and the protocol).
#
# A command goes to a server started earlier for the same build, java, JVM options, features, plugin and
# configuration folders, working directory, umask and locale: it costs a connection instead of a JVM and a
# framework. The first such command starts the server (in its own session, output to its log) and then uses it;
# the server stops after GRIDSCHED_DAEMON_IDLE seconds without a command (default 600), at 'gridsched daemon
# stop', after a clean build, or when its plugin, configuration or feature folders change (the next command
# starts a new one, which sees them as a new process would). A server runs one command at a time: a second
# concurrent command uses or starts another (at most GRIDSCHED_DAEMON_MAX per home, default 4; beyond, the
# least recently used one is asked to stop, after its command if it runs one).
#
# Off (the command runs in a process of its own, as before) with GRIDSCHED_DAEMON=0, in Slurm jobs (a task's
# processes end with it, so a server would not outlive it), for the shell, bench and slurm, and whenever the
# server cannot be reached.

daemons="$state/daemons"

# daemon_wanted ARGS...: whether this command may go to a server
daemon_wanted() {
    case "${GRIDSCHED_DAEMON:-1}" in
        1) ;;
        0) return 1 ;;
        *) echo "gridsched: GRIDSCHED_DAEMON is '$GRIDSCHED_DAEMON'; use 1 (default) or 0" >&2; exit 2 ;;
    esac
    [ -z "${SLURM_JOB_ID:-}" ] || return 1
    [ -d /proc/self ] || return 1
    local a=("$@")
    if [ "${#a[@]}" -ge 2 ] && [ "${a[0]}" = --features ]; then a=("${a[@]:2}"); fi
    case "${a[0]:-}" in
        # the shell reads its input; bench measures a JVM of its own; slurm runs Slurm's commands, which read
        # the caller's environment (a server has the environment of the command that started it)
        shell|bench|daemon|slurm) return 1 ;;
    esac
    return 0
}

# daemon_key FEATURES: what a server must have in common with this call (no process started: every one costs)
daemon_key() {
    local build="" mask="" k v java
    IFS= read -r build <"$prep/build-id" 2>/dev/null || true
    while read -r k v; do
        if [ "$k" = Umask: ]; then mask="$v"; break; fi
    done </proc/self/status
    hash java 2>/dev/null || true
    java="${BASH_CMDS[java]:-java}"
    printf -v key '%s\n' "build $build" "java $java" "java_home ${JAVA_HOME:-}" "options ${GRIDSCHED_JAVA_OPTS:-}|${JAVA_TOOL_OPTIONS:-}|${_JAVA_OPTIONS:-}" \
        "features $1" "plugins $plugins_abs" "config $config_dir" "cwd $PWD" "home ${HOME:-}" "umask $mask" \
        "locale ${LANG:-}|${LC_ALL:-}|${LC_CTYPE:-}|${TZ:-}" "idle ${GRIDSCHED_DAEMON_IDLE:-600}"
}

# daemon_run ARGS...: runs the command on a server and exits with its status; returns when no server can take it
daemon_run() {
    local a=("$@") features="${GRIDSCHED_FEATURES:-default}"
    if [ "${#a[@]}" -ge 2 ] && [ "${a[0]}" = --features ]; then features="${a[1]}"; a=("${a[@]:2}"); fi
    case "${GRIDSCHED_DAEMON_IDLE:-600}" in ''|*[!0-9]*|0) echo "gridsched: GRIDSCHED_DAEMON_IDLE is '${GRIDSCHED_DAEMON_IDLE}'; give seconds > 0" >&2; exit 2 ;; esac
    case "${GRIDSCHED_DAEMON_MAX:-4}" in ''|*[!0-9]*|0) echo "gridsched: GRIDSCHED_DAEMON_MAX is '${GRIDSCHED_DAEMON_MAX}'; give a number > 0" >&2; exit 2 ;; esac
    [ -s "$prep/build-id" ] || return 0   # prepared by an older script: no server for it
    local key d theirs
    daemon_key "$features"
    if [ ! -d "$daemons" ]; then mkdir -p "$daemons" 2>/dev/null || return 0; fi
    for d in "$daemons"/*; do
        [ -f "$d/port" ] || continue
        theirs=""
        IFS= read -r -d '' theirs <"$d/key" 2>/dev/null || true
        [ "$theirs" = "$key" ] || continue
        daemon_request "$d" "${a[@]}" || true
    done
    d="$(daemon_start "$features")" || return 0
    daemon_request "$d" "${a[@]}" || true
}

# daemon_request DIR ARGS...: sends the command to the server of DIR; exits with the command's status when the
# server took it, returns non-zero when it did not (busy, stale, gone)
daemon_request() {
    local d="$1"; shift
    local port token pid sock
    read -r port token pid <"$d/port" 2>/dev/null || return 1
    if ! { exec {sock}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
        # nothing listens: a server that died without removing its file
        kill -0 "$pid" 2>/dev/null || rm -rf "$d"
        return 1
    fi
    local out=relay err=relay interactive=0
    if [ -t 1 ] || [ -p /dev/stdout ] || [ -c /dev/stdout ]; then out="/proc/$$/fd/1"; fi
    if [ -t 2 ] || [ -p /dev/stderr ] || [ -c /dev/stderr ]; then err="/proc/$$/fd/2"; fi
    # a closed stream (gridsched ... >&-): the server's writes there fail, as in a process of its own; a relay could
    # not start (cat fails on a closed output) and the server would wait for its reader
    [ -e "/proc/$$/fd/1" ] || out=closed
    [ -e "/proc/$$/fd/2" ] || err=closed
    if [ -t 0 ] && [ -t 1 ]; then interactive=1; fi
    {
        printf 'gridsched-daemon 1\ntoken %s\nrun\ninteractive %s\nout %s\nerr %s\nargs %s\n' \
            "$token" "$interactive" "${out/#relay/$d/out}" "${err/#relay/$d/err}" "$#"
        if [ "$#" -gt 0 ]; then printf '%s\0' "$@"; fi
    } >&"$sock" 2>/dev/null || { exec {sock}>&-; return 1; }
    local reply=""
    IFS= read -r -t 30 reply <&"$sock" || true
    if [ "$reply" != ok ]; then
        exec {sock}>&-
        return 1
    fi
    # the relays ignore the signals a Ctrl-C sends to the whole foreground group, so that the server's last
    # words reach us, and do not hold the connection (if this process is killed, the server must see it close)
    local relays=()
    if [ "$out" = relay ]; then
        (exec {sock}>&-; trap '' INT TERM HUP; exec cat "$d/out") &
        relays+=($!)
    fi
    if [ "$err" = relay ]; then
        (exec {sock}>&-; trap '' INT TERM HUP; exec cat "$d/err" >&2) &
        relays+=($!)
    fi
    local sig=""
    trap 'sig=130; printf "cancel\n" >&"$sock" 2>/dev/null || true' INT
    trap 'sig=143; printf "cancel\n" >&"$sock" 2>/dev/null || true' TERM
    trap 'sig=129; printf "cancel\n" >&"$sock" 2>/dev/null || true' HUP
    local line status="" rc
    while :; do
        if IFS= read -r line <&"$sock" 2>/dev/null; then
            case "$line" in "exit "*) status="${line#exit }"; break ;; esac
        else
            rc=$?
            [ "$rc" -gt 128 ] && continue   # a signal: its trap asked the server to stop; wait for it
            break                           # the end of the connection
        fi
    done
    exec {sock}>&-
    if [ "${#relays[@]}" -gt 0 ]; then
        # without a status the server may have ended before opening its pipes, and a relay would wait for ever
        # for a writer: one opened and closed here (read-write, which never waits) lets it read the end
        if [ -z "$status" ]; then
            local w f
            for f in out err; do
                { exec {w}<>"$d/$f" && exec {w}>&-; } 2>/dev/null || true
            done
        fi
        wait "${relays[@]}" 2>/dev/null || true
    fi
    trap - INT TERM HUP
    if [ -n "$sig" ]; then exit "$sig"; fi
    if [ -n "$status" ]; then exit "$status"; fi
    echo "gridsched: the background server stopped unexpectedly (its log: $d/log); GRIDSCHED_DAEMON=0 runs without it" >&2
    exit 1
}

# daemon_start FEATURES: starts a server in a new folder and prints the folder once it listens
daemon_start() {
    local features="$1" n=0 d
    # folders of servers that ended without removing them (a cancelled command ends its server at once): any
    # without a port file for over two minutes (starting takes seconds)
    find "$daemons" -mindepth 1 -maxdepth 1 -type d -mmin +2 -exec sh -c '[ -e "$1/port" ] || rm -rf "$1"' sh {} \; 2>/dev/null || true
    # counting the servers and taking a folder under a lock: two commands starting servers at once would both find
    # room for one more (flock from util-linux; without it, as before)
    local lock=""
    if command -v flock >/dev/null 2>&1 && { exec {lock}>"$daemons/.start-lock"; } 2>/dev/null; then
        flock "$lock" 2>/dev/null || true
    fi
    if ! daemon_make_room; then
        # as many servers as allowed are still starting for other commands: this one runs in a process of its own
        [ -z "$lock" ] || exec {lock}>&-
        return 1
    fi
    while ! mkdir -m 700 "$daemons/$n" 2>/dev/null; do
        n=$((n + 1))
        [ "$n" -lt 64 ] || { [ -z "$lock" ] || exec {lock}>&-; return 1; }
    done
    [ -z "$lock" ] || exec {lock}>&-
    d="$daemons/$n"
    printf '%s' "$key" >"$d/key" && mkfifo -m 600 "$d/out" "$d/err" "$d/ready" || { rm -rf "$d"; return 1; }
    # the server says "ready" on this pipe once it listens: waiting on it costs nothing, where polling for the port
    # file (a 'sleep' process every few milliseconds) took CPU from the starting JVM (0.3 s of a 1.3 s start)
    local ready
    exec {ready}<>"$d/ready" || { rm -rf "$d"; return 1; }
    local how
    launch how "$features"
    cds_options
    # its own session (no terminal, no SIGHUP when the terminal goes), none of this process's descriptors but the
    # three standard ones, redirected (a lock or pipe the caller holds must not stay open for as long as the server
    # lives), full JIT (it lives long), memory given back to the system when idle
    (daemon_close_descriptors; exec setsid java "${cds[@]}" -XX:G1PeriodicGCInterval=60000 ${GRIDSCHED_JAVA_OPTS:-} "${props[@]}" \
        -Dgridsched.features="$features" -Dgridsched.daemon.idle="${GRIDSCHED_DAEMON_IDLE:-600}" \
        -Dfelix.fileinstall.dir="$plugins_abs,$config_dir" "${how[@]}" --daemon "$d" \
        </dev/null >"$d/log" 2>&1) &
    local server=$! i line
    for ((i = 0; i < 120; i++)); do
        # (the port file is written before the word: without the word, it is enough)
        if { IFS= read -r -t 0.5 -u "$ready" line || true; } && [ -f "$d/port" ]; then
            exec {ready}>&-
            echo "$d"
            return 0
        fi
        kill -0 "$server" 2>/dev/null || break
    done
    exec {ready}>&-
    # it failed or is too slow to start (a minute): the command runs in a process of its own (the same error, if any)
    kill "$server" 2>/dev/null || true
    rm -rf "$d"
    return 1
}

# daemon_close_descriptors: closes every descriptor above 2 of this (sub)shell
daemon_close_descriptors() {
    local f n
    for f in /proc/$BASHPID/fd/*; do
        n="${f##*/}"
        case "$n" in ''|*[!0-9]*) continue ;; esac
        if [ "$n" -gt 2 ]; then eval "exec $n>&-" 2>/dev/null || true; fi
    done
}

# daemon_make_room: at most GRIDSCHED_DAEMON_MAX servers per home; stops the least recently used ones; fails when the
# servers still starting for other commands leave no room
daemon_make_room() {
    local max="${GRIDSCHED_DAEMON_MAX:-4}" d live=() starting=0 oldest i
    for d in "$daemons"/*; do
        if [ -f "$d/port" ]; then
            live+=("$d")
        elif [ -d "$d" ] && [ ! -e "$d/stopping" ]; then
            starting=$((starting + 1)) # another command's server, still starting: it counts, and is not stopped
        fi
    done
    while [ "${#live[@]}" -gt 0 ] && [ $((${#live[@]} + starting)) -ge "$max" ]; do
        oldest=0
        for ((i = 1; i < ${#live[@]}; i++)); do
            [ "${live[i]}/port" -ot "${live[oldest]}/port" ] && oldest=$i
        done
        daemon_stop "${live[oldest]}"
        live=("${live[@]:0:oldest}" "${live[@]:oldest+1}")
    done
    # no room when the servers still starting fill it (they are not stopped)
    [ $((${#live[@]} + starting)) -lt "$max" ]
}

# daemon_stop DIR [wait]: asks the server to stop (after its command, if it runs one); with "wait", until it has
# ended (at most a minute)
daemon_stop() {
    local d="$1" port token pid sock
    read -r port token pid <"$d/port" 2>/dev/null || { rm -rf "$d"; return 0; }
    # marked first (the server removes the mark with its folder): it may finish a command before it ends, and is not a
    # server still starting (daemon_make_room)
    { : >"$d/stopping"; } 2>/dev/null || true
    if { exec {sock}<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
        printf 'gridsched-daemon 1\ntoken %s\nstop\n' "$token" >&"$sock" 2>/dev/null || true
        local reply=""
        IFS= read -r -t 5 reply <&"$sock" 2>/dev/null || true
        exec {sock}>&-
    fi
    rm -f "$d/port"
    if [ "${2:-}" = wait ]; then
        local i
        for ((i = 0; i < 3000 && ${pid:-0} > 0; i++)); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.02
        done
    fi
}

# daemon_command status|stop|--help: 'gridsched daemon ...'
daemon_command() {
    local d port token pid n=0
    case "${1:-status}" in
        status)
            for d in "$daemons"/*; do
                [ -f "$d/port" ] || continue
                read -r port token pid <"$d/port" 2>/dev/null || continue
                kill -0 "$pid" 2>/dev/null || continue
                n=$((n + 1))
                echo "server $(basename "$d"): pid $pid, last used $(date -r "$d/port" '+%Y-%m-%d %H:%M:%S'), log $d/log"
            done
            echo "$n background server(s) for $home (GRIDSCHED_DAEMON=0 runs commands without them)"
            ;;
        stop)
            for d in "$daemons"/*; do
                [ -f "$d/port" ] || continue
                daemon_stop "$d" wait
                n=$((n + 1))
            done
            echo "stopped $n background server(s)"
            ;;
        help|--help|-h)
            echo "usage: gridsched daemon [status | stop]"
            echo "  the background servers that run this installation's commands without starting a JVM each"
            echo "  status   each server's pid, last use and log (the default)"
            echo "  stop     stops them all; each also stops after GRIDSCHED_DAEMON_IDLE seconds without a command (600)"
            echo "  GRIDSCHED_DAEMON=0 runs every command in a process of its own, without a server"
            ;;
        *)
            echo "gridsched daemon: unknown command '$1' (status or stop)" >&2
            return 2
            ;;
    esac
}
