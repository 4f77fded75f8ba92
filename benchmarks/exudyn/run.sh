#!/usr/bin/env bash
# The Exudyn position benchmark: creates <repo>/.venv-bench if it is missing, installs
# benchmarks/exudyn/requirements.txt and mbtools (editable) into it when either file
# changed, and runs four_bar_position.py. Usage, from anywhere: benchmarks/exudyn/run.sh
set -euo pipefail

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
exec "$venv/bin/python" benchmarks/exudyn/four_bar_position.py "$@"
