"""tools/test_all.py's step run in the background (``beside``): its output and result are
always reported, after the block, whether the block passed or a step of it failed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

if sys.platform == "emscripten":      # test_all imports venv, which Pyodide lacks
    pytest.skip("the test command's runner: CPython only", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import test_all  # noqa: E402


def _step(code: int) -> list[str]:
    return [sys.executable, "-c", f"print('background says hi'); raise SystemExit({code})"]


def test_a_passing_step_is_reported_after_the_block(capfd: pytest.CaptureFixture[str]) -> None:
    with test_all.beside("bg", _step(0)):
        print("the block ran", flush=True)
    out = capfd.readouterr().out
    assert out.index("the block ran") < out.index("its output\nbackground says hi") \
        < out.index("=== bg: ok")


def test_a_failing_step_fails_the_run_with_its_code(capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as failed, test_all.beside("bg", _step(3)):
        pass
    assert failed.value.code == 3
    assert "=== bg: FAILED (3)" in capfd.readouterr().out


def test_when_the_block_fails_the_step_is_still_reported_then_the_block_s_failure_raised(
        capfd: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as failed, test_all.beside("bg", _step(4)):
        raise SystemExit(7)             # as run() does when a step of the block fails
    assert failed.value.code == 7
    out = capfd.readouterr().out
    assert "its output\nbackground says hi" in out and "=== bg: FAILED (4)" in out


def test_an_interrupted_block_stops_the_step_and_its_children(
        tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "child-still-ran"
    # The step starts a child that would write the marker after 3 s; both are stopped.
    child = f"import time; time.sleep(3); open({str(marker)!r}, 'w').close()"
    cmd = [sys.executable, "-c", "import subprocess, sys, time; print('started', flush=True); "
           f"subprocess.Popen([sys.executable, '-c', {child!r}]); time.sleep(30)"]
    with pytest.raises(KeyboardInterrupt), test_all.beside("bg", cmd):
        import time  # noqa: PLC0415
        time.sleep(1)
        raise KeyboardInterrupt
    import time  # noqa: PLC0415
    time.sleep(3.5)
    assert not marker.exists(), "the step's child was left running"
    assert "=== bg: FAILED" in capfd.readouterr().out
