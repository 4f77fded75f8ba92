import os
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def post_build(tmp_path_factory) -> Path:
    """Binder's postBuild, run once as Binder runs it (this environment's python first on
    the PATH, a scratch CONDA_PREFIX, returned): it writes the lab's settings there and the
    assignments' student versions to notebooks/assignments/dist. The tests that read them
    share one xdist group, so that the run happens once (``--dist loadgroup``)."""
    prefix = tmp_path_factory.mktemp("conda")
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"
    subprocess.run(["bash", str(ROOT / "postBuild")], cwd=ROOT, check=True, capture_output=True,
                   env=dict(os.environ, CONDA_PREFIX=str(prefix), PATH=path))
    return prefix
