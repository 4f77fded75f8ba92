#!/usr/bin/env bash
# The Exudyn benchmarks: creates <repo>/.venv-bench if it is missing, installs
# benchmarks/exudyn/requirements.txt and mbtools (editable) into it when either file
# changed, and runs one benchmark. Usage, from anywhere:
#   benchmarks/exudyn/run.sh [position]   the position problem, four_bar_position.py (default)
#   benchmarks/exudyn/run.sh dynamics     forward dynamics, dynamics.py
# Any further arguments go to the script.
set -euo pipefail

case "${1:-position}" in
    position) script=four_bar_position.py ;;
    dynamics) script=dynamics.py ;;
    *) echo "usage: $0 [position|dynamics] [arguments of the script]" >&2; exit 2 ;;
esac
if [ $# -gt 0 ]; then shift; fi

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/.venv-bench"
requirements="$root/benchmarks/exudyn/requirements.txt"
stamp="$venv/.installed"

if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
fi
if [ ! -f "$stamp" ] || [ "$requirements" -nt "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
    "$venv/bin/python" -m pip install --quiet -r "$requirements" -e "$root"
    touch "$stamp"
fi
cd "$root"
exec "$venv/bin/python" "benchmarks/exudyn/$script" "$@"
