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

#: The tests that take most of a minute or more on one core (``--durations`` of make
#: test), longest first. They are started first, so that the workers share them and no
#: worker is left running one alone at the end; the rest keep their order (none of these
#: shares a module-scoped fixture, which a reordering would build twice). A name here
#: that matches no test is harmless, and no test depends on the order.
LONG_TESTS = (
    "test_a_bouncing_rolling_ball_is_the_same_in_every_family",
    "a01_case(2000.0",
    "test_a_shaft_thrown_tilting_and_spinning_keeps_its_energy_balance",
    "test_a02_one_window_converges_at_second_order",
    "test_the_hard_top_agrees_with_the_multipliers",
    "test_the_multibody_lugre_block_follows_the_scalar_one",
    "test_natural_and_reference_point_coordinates_throw_the_shaft_alike",
    "hard_top_cases",
    "test_andrews_squeezer_alike_in_relative_coordinates",
    "test_lugre_stick_slip_reaches_the_reference",
    "test_a02_forty_windows_at_every_tolerance",
    "a02_case(40",
    "further_contact_cases",
)


def pytest_collection_modifyitems(config, items):
    """The long tests first (:data:`LONG_TESTS`, in its order), the others as collected."""
    def rank(item):
        return next((k for k, name in enumerate(LONG_TESTS) if name in item.nodeid), len(LONG_TESTS))

    items.sort(key=rank)   # stable: the others keep their order


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
