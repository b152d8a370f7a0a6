#!/usr/bin/env bash
# Cold start of `apotheose calc` next to `python -c "import attrs, cattrs"` (target: within 1.2x).
#
#   benchmarks/startup_calc.sh [RUNS]        (needs hyperfine: apt-get install -y hyperfine)
#
# 1. bytecode cached (the normal case after install): `compileall` writes the project's .pyc first
#    (as pip does when it installs; this matters where PYTHONDONTWRITEBYTECODE=1 is set, since then
#    a stale .pyc is never rewritten and every run compiles the changed module), then each command
#    runs RUNS times. The machine's load drifts between hyperfine's blocks of runs, so the script
#    prints the ratio of means, of medians and of minimums (the least disturbed runs).
# 2. no bytecode (PYTHONDONTWRITEBYTECODE=1 with an empty PYTHONPYCACHEPREFIX): every run compiles
#    every module from source, as an install without .pyc files whose folder cannot be written.
# JSON results go to benchmarks/results/ (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-60}
PY=.venv/bin/python
APO=.venv/bin/apotheose
OUT=benchmarks/results
mkdir -p "$OUT"
command -v hyperfine >/dev/null || { echo "hyperfine missing: apt-get install -y hyperfine" >&2; exit 1; }

BASE="$PY -c 'import attrs, cattrs'"
CALCS=(
  "$APO calc check --score 7 --difficulty medium --kult 3"
  "$APO calc attack-group --attack 14 --grade veteran --standing 12"
  "$APO calc damage --damage 6 --hp 12 --armour 2"
  "$APO calc spell apotheose --intensity 3 --ame 4"
  "$APO calc xp --from 3 --to 5 --json"
)

"$PY" -m compileall -q core saves tui >/dev/null
echo "== bytecode cached =="
hyperfine -N --warmup 5 --runs "$RUNS" --export-json "$OUT/startup_cached.json" "$BASE" "${CALCS[@]}"

echo "== no bytecode (PYTHONDONTWRITEBYTECODE=1, empty PYTHONPYCACHEPREFIX) =="
EMPTY=$(mktemp -d)
trap 'rm -rf "$EMPTY"' EXIT
PYTHONDONTWRITEBYTECODE=1 PYTHONPYCACHEPREFIX="$EMPTY" \
  hyperfine -N --warmup 2 --runs "$((RUNS / 3 > 10 ? RUNS / 3 : 10))" --export-json "$OUT/startup_nopyc.json" \
  "$BASE" "${CALCS[0]}"

# One line per command: mean, median and minimum over the baseline's.
"$PY" - "$OUT/startup_cached.json" "$OUT/startup_nopyc.json" <<'PY'
import json, sys
for path in sys.argv[1:]:
    results = json.load(open(path))["results"]
    base = results[0]
    print(path)
    for r in results:
        print(f"  {r['mean'] * 1e3:6.1f} ms mean {r['median'] * 1e3:6.1f} median {r['min'] * 1e3:6.1f} min   "
              f"{r['mean'] / base['mean']:4.2f}x mean {r['median'] / base['median']:4.2f}x median "
              f"{r['min'] / base['min']:4.2f}x min   {r['command']}")
PY
