"""``python -m mbtools validate``: every validation case passes, and the command says so."""

import pytest

from mbtools.analysis import validation


@pytest.mark.parametrize("compute", validation.further_cases(), ids=validation.case_call)
def test_each_case_the_full_set_adds_passes(compute):
    """Each case the full set adds to the quick one (A01 over 2000 s, A02 with N = 40, the
    other families, …), one test each so that the workers share them. The quick set is
    run, and asserted, by the validation chapter (book/chapters/12_validation.md): each
    case once in `make test`."""
    outcome = compute()
    results = outcome if isinstance(outcome, list) else [outcome]
    assert results and all(c.passed for c in results), validation.table(results)


def test_the_full_set_is_the_quick_set_and_the_further_cases():
    names = [validation.case_call(c) for c in validation.cases()]
    assert names == ([validation.case_call(c) for c in validation.quick_cases()]
                     + [validation.case_call(c) for c in validation.further_cases()])
    assert len(validation.cases(quick=True)) == len(validation.quick_cases()) < len(names)


def test_the_command_prints_the_table_and_exits_by_its_cases(monkeypatch, capsys):
    """The command line prints the cases it ran as the table and exits 0 when all pass."""
    from mbtools.__main__ import main

    good = validation.Case("good", "q", 1.0, 1.0, 0.0, 1e-9, "exact")
    monkeypatch.setattr(validation, "cases", lambda quick=False: [lambda: good])
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    assert "| case | quantity | reference | computed | error | tolerance | result |" in out
    assert "| good |" in out and " 0 failed" in out


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
