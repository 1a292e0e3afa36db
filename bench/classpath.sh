# Sourced by bin/bench-compare and bin/bench-interleave (classpath and huge_pages). classpath HOME: the jars of a
# built checkout that the bench's measuring code needs (api, engine, batch, workload-synthetic, theory), joined with
# ':'; exits if there are none.
classpath() {
    local home="$1" cp=""
    for m in api engine batch workload-synthetic theory; do
        # the newest jar of the module: a version bump leaves the old version's jar in target/ until a clean
        local newest
        newest="$(ls -t "$home"/bundles/$m/target/*.jar 2>/dev/null | grep -v -e '-sources.jar$' -e '-tests.jar$' -e '-javadoc.jar$' | head -1)"
        [ -n "$newest" ] && cp="$cp:$newest"
    done
    [ -n "$cp" ] || { echo "no built jars under $home/bundles (build it first)" >&2; exit 1; }
    echo "${cp#:}"
}

# huge_pages: prints -XX:+UseTransparentHugePages where the kernel makes transparent huge pages on request or always,
# as bin/gridsched gives a long run (so that both builds' JVMs get the same), else nothing.
huge_pages() {
    local mode=""
    { read -r mode </sys/kernel/mm/transparent_hugepage/enabled; } 2>/dev/null || true
    case "$mode" in *"[always]"*|*"[madvise]"*) echo "-XX:+UseTransparentHugePages" ;; esac
}
