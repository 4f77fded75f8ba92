import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")
# One BLAS thread per process, here and in the workers and kernels the tests start (as
# `make test` sets it): several processes' OpenBLAS threads on the same cores slow small
# solves twenty-fold, and the thread count changes the round-off. Too late for a numpy
# imported before this file, hence the Makefile's export as well.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

ROOT = Path(__file__).resolve().parents[1]

#: The test files with the longest tests (tens of seconds each, measured with
#: ``--durations``), collected first, so that the long tests start early. ``make test``
#: runs ``pytest -n auto --dist worksteal``: each worker starts on half of the tests in
#: this order and a worker that runs out takes half of the other's queue. (With xdist's
#: default schedule, which hands each worker a fixed share of the first quarter of the
#: tests at the start, and the long tests first, the unit stage took 1078 s, one worker
#: alone for its last minutes; 881 s before the reordering.)
LONGEST_FIRST = ("test_validate.py", "test_assignments.py", "test_compliant_contacts.py",
                 "test_singular_crossings.py", "test_notebooks.py", "test_formulation_bounds.py",
                 "test_cylindrical_clearance.py", "test_ali3p_convergence.py", "test_benchmarks.py")


def pytest_collection_modifyitems(config, items):
    """The tests of :data:`LONGEST_FIRST` first, in that order; the rest as collected."""
    rank = {name: k for k, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="session")
def post_build(tmp_path_factory, worker_id) -> Path:
    """Binder's postBuild, run once as Binder runs it (this environment's python first on
    the PATH, a scratch CONDA_PREFIX, returned): it writes the lab's settings there and the
    assignments' student versions to notebooks/assignments/dist. Under xdist the workers
    share the run's temporary folder: the first runs postBuild under a lock, the others
    wait for it and reuse what it wrote."""
    def run(prefix: Path) -> Path:
        path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
        subprocess.run(["bash", str(ROOT / "postBuild")], cwd=ROOT, check=True, capture_output=True,
                       env=dict(os.environ, CONDA_PREFIX=str(prefix), PATH=path))
        return prefix

    if worker_id == "master":
        return run(tmp_path_factory.mktemp("conda"))
    shared = tmp_path_factory.getbasetemp().parent   # this run's, shared by its workers
    prefix = shared / "post_build_conda"
    with open(shared / "post_build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (shared / "post_build.done").exists():
            prefix.mkdir(exist_ok=True)
            run(prefix)
            (shared / "post_build.done").touch()
    return prefix
