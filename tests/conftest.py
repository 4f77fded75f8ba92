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
