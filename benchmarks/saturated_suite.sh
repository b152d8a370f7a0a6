#!/bin/sh
# The whole test suite with every core saturated by another load, N runs in a row (3 by default):
# no test may depend on the machine's speed. Run from the repository, after the README's set-up
# (.venv present). Needs stress-ng (apt-get install stress-ng). Prints each run's result line.
# HOGS: how many CPU hogs run beside the suite (default: one per core, so each core is busy).
set -u
runs=${1:-3}
hogs=${HOGS:-$(nproc)}
stress-ng --cpu "$hogs" --timeout 3h >/dev/null 2>&1 &
load=$!
trap 'kill $load 2>/dev/null' EXIT INT TERM
sleep 5
i=1
status=0
while [ "$i" -le "$runs" ]; do
    start=$(date +%s)
    .venv/bin/python -m pytest -n 4 --dist worksteal > "saturated-run-$i.log" 2>&1  # (-q and no cache: pyproject's addopts)
    rc=$?
    echo "run $i: exit $rc, $(( $(date +%s) - start )) s, $(tail -n 1 "saturated-run-$i.log"), load $(cut -d' ' -f1-3 /proc/loadavg)"
    [ "$rc" -eq 0 ] || status=1
    i=$((i + 1))
done
exit $status
