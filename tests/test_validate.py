"""``python -m mbtools validate``: every validation case passes, and the command says so."""

import re
import subprocess
import sys

from mbtools.analysis import validation


def test_the_command_prints_the_table_and_exits_zero():
    """The full set (A01 over 2000 s, A02 with N = 40: some 90 s), which holds the quick
    set the validation chapter runs: each case once in a test run, the table printed when
    one fails."""
    run = subprocess.run([sys.executable, "-m", "mbtools", "validate"], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "| case | quantity | reference | computed | error | tolerance | result |" in run.stdout
    assert " 0 failed" in run.stdout


def test_a_failing_case_fails_the_table():
    bad = validation.Case("x", "y", 1.0, 2.0, 1.0, 1e-9, "z")
    assert not bad.passed and "FAIL" in validation.table([bad]) and "1 failed" in validation.table([bad])


def test_a_case_that_raises_is_a_fail_row_not_a_traceback(monkeypatch, capsys):
    """A refusal (here a SingularJacobianError, as an ODE formulation may raise) is reported
    as a FAIL row with its message, the other cases still run, and the command exits 1."""
    from mbtools.__main__ import main
    from mbtools.errors import SingularJacobianError

    def refused(n, formulation):
        raise SingularJacobianError(f"'{n}-four-bar' reaches a singular position at t = 16.4125")

    good = validation.Case("good", "q", 1.0, 1.0, 0.0, 1e-9, "exact")
    monkeypatch.setattr(validation, "cases", lambda quick=False: [lambda: refused(10, "projection"), lambda: good])
    assert main(["validate"]) == 1
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.startswith("| refused("))
    assert "10, 'projection'" in row and "SingularJacobianError" in row and "t = 16.4125" in row and "FAIL" in row
    assert "| good |" in out and "1 passed, 1 failed" in out and "Traceback" not in out
