"""The winnability study (patience.study): deals solved on a process pool and on a local Ray,
the results file appended and resumed, the interval maths and the table; tools/winnable.py
as a use of it."""

from __future__ import annotations

import importlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten",
                                reason="worker processes and a results file: CPython only")

import patience  # noqa: E402
from patience import study  # noqa: E402
from patience.solver import solve  # noqa: E402
from patience.study import Line, Row, wilson  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import winnable  # noqa: E402

FREECELL = patience.rules("freecell")
# Klondike draw 1 at 300 positions a deal: deals 1, 2, 6 and 8 of 1-8 solved, the rest
# unknown, all in about a second.
KLONDIKE = patience.rules("klondike", {"draw": 1})
KLONDIKE_BUDGET = 300


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def deal_lines(path: Path) -> list[dict[str, Any]]:
    return [d for d in lines_of(path) if "deal" in d]


# The interval ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("k", "n", "low", "high"), [
    # Newcombe (1998), Statistics in Medicine 17, table I, method 3 (the score interval).
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    # Symmetric and edge cases.
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
])
def test_the_wilson_interval_matches_published_values(k: int, n: int, low: float,
                                                     high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_the_winnable_interval_counts_unknown_deals_lost_below_and_won_above() -> None:
    line = Line("x", 100, tried=200, solved=150, unwinnable=30, unknown=20, seconds=0.0)
    assert line.interval == (wilson(150, 200)[0], wilson(170, 200)[1])
    low, high = line.interval
    assert 0.68 < low < 0.69 and 0.89 < high < 0.90   # around 150/200 and 170/200
    # With every deal decided, the interval is the Wilson interval of the share won.
    decided = Line("x", 100, tried=40, solved=30, unwinnable=10, unknown=0, seconds=0.0)
    assert decided.interval == wilson(30, 40)
    # Nothing tried says nothing.
    assert Line("x", 1, 0, 0, 0, 0, 0.0).interval == (0.0, 1.0)


def test_a_share_prints_as_0_or_100_percent_only_when_it_is() -> None:
    assert [study.percent(s) for s in (0.0, 1.0, 0.5, 0.94349, 0.99966, 0.00004, 1 - 1e-9)] == [
        "0.0%", "100.0%", "50.0%", "94.3%", "99.97%", "0.004%", "99.9999%"]
    # Moving Left's bound: 8 of 10,000 deals proven lost, the rest unknown. The interval's
    # upper end is 99.96%, which one decimal would round to 100.0%.
    line = Line("moving_left", 0, 10_000, 0, 8, 9_992, 0.0)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0
    assert study.format_table([line]).splitlines()[1].split()[-3:] == ["0.0%", "-", "99.96%"]


def test_the_table_counts_each_variant_and_budget() -> None:
    found = [Row("freecell", d, 100, "solved", 10, 0.5) for d in (1, 2, 3)]
    found += [Row("yukon", 1, 100, "unwinnable", 100, 1.0),
              Row("yukon", 2, 100, "unknown", 100, 1.0),
              Row("yukon", 3, 200, "solved", 150, 2.0)]
    lines = study.table(found)
    assert [(ln.key, ln.budget, ln.tried, ln.solved, ln.unwinnable, ln.unknown)
            for ln in lines] == [("freecell", 100, 3, 3, 0, 0), ("yukon", 100, 2, 0, 1, 1),
                                 ("yukon", 200, 1, 1, 0, 0)]
    assert lines[0].seconds == 1.5 and lines[0].deals == (1, 2, 3)
    text = study.format_table(lines).splitlines()
    assert text[0].split()[:2] == ["variant", "budget"]
    assert text[1].split() == ["freecell", "100", "3", "3", "0", "0", "43.9%", "-", "100.0%"]
    assert text[2].split()[-3:] == ["0.0%", "-", "90.5%"]


def test_deal_numbers_and_ranges_read_and_print() -> None:
    assert study.parse_deals("1-5") == [1, 2, 3, 4, 5]
    assert study.parse_deals("3, 7-8,3") == [3, 7, 8]
    for bad in ("0-3", "5-2", "a-b", "", "1-"):
        with pytest.raises(ValueError):
            study.parse_deals(bad)
    assert study.ranges([5, 1, 2, 3, 9, 10, 7]) == "1-3, 5, 7, 9-10"


# Solving, on a process pool ------------------------------------------------------------------

def test_a_small_study_on_a_process_pool_gives_the_solvers_verdicts(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    found = study.run_study(KLONDIKE, range(1, 9), KLONDIKE_BUDGET, out, workers=2,
                            command="test")
    assert [row.deal for row in found] == list(range(1, 9))
    for row in found:
        alone = solve(KLONDIKE, KLONDIKE.deal(row.deal), budget=KLONDIKE_BUDGET)
        assert (row.verdict, row.nodes) == (alone.verdict, alone.nodes)
        assert row.key == "klondike:draw=1,passes=3,takeback=yes"
        assert row.budget == KLONDIKE_BUDGET and row.seconds >= 0
    assert [r.deal for r in found if r.verdict == "solved"] == [1, 2, 6, 8]
    lines = lines_of(out)
    assert sorted(d["deal"] for d in lines if "deal" in d) == list(range(1, 9))
    run = lines[-1]["run"]
    assert run["deals"] == 8 and run["workers"] == 2 and run["command"] == "test"
    assert run["stopped"] is False
    # FreeCell in the same file: another variant, kept apart.
    study.run_study(FREECELL, [1, 2, 3], 20_000, out, workers=2)
    table = study.table(study.read_results([out]).rows.values())
    assert [(ln.key, ln.tried, ln.solved) for ln in table] == [
        ("klondike:draw=1,passes=3,takeback=yes", 8, 4), ("freecell", 3, 3)]


def test_a_rerun_resumes_solving_nothing_twice(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    study.run_study(KLONDIKE, range(1, 7), KLONDIKE_BUDGET, out, workers=2)
    first = deal_lines(out)
    # Stopped after three deals, in the middle of writing the fourth: a torn last line.
    torn = "".join(json.dumps(d) + "\n" for d in first[:3]) + json.dumps(first[3])[:25]
    out.write_text(torn, encoding="utf-8")
    kept = {d["deal"] for d in first[:3]}
    found = study.run_study(KLONDIKE, range(1, 9), KLONDIKE_BUDGET, out, workers=2)
    assert [r.deal for r in found] == list(range(1, 9))
    text = out.read_text(encoding="utf-8").splitlines()
    assert text[3] == json.dumps(first[3])[:25]          # the torn line is left alone ...
    results = study.read_results([out])
    assert results.unreadable == 1                         # ... and skipped when read
    new = [json.loads(line)["deal"] for line in text[4:] if '"deal"' in line]
    assert sorted(new) == sorted(set(range(1, 9)) - kept)   # each other deal solved once
    # A third run has nothing left to do and writes nothing.
    size = out.stat().st_size
    again = study.run_study(KLONDIKE, range(1, 9), KLONDIKE_BUDGET, out, workers=2)
    assert again == found and out.stat().st_size == size


def test_decided_only_without_a_results_file_is_refused_not_ignored(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        study.main(["klondike", "--deals", "1", "--decided-only"])
    assert "--decided-only needs --out" in capsys.readouterr().err


def test_a_decided_only_run_writes_the_decided_deals_and_reads_back_as_a_full_one(
        tmp_path: Path) -> None:
    full, decided = tmp_path / "full.jsonl", tmp_path / "decided.jsonl"
    study.run_study(KLONDIKE, range(1, 9), KLONDIKE_BUDGET, full, workers=1)
    study.run_study(KLONDIKE, range(1, 9), KLONDIKE_BUDGET, decided, workers=1,
                    decided_only=True)
    assert sorted(d["deal"] for d in deal_lines(decided)) == [1, 2, 6, 8]   # the solved ones
    run = lines_of(decided)[-1]["run"]
    assert run["covered"] == "1-8" and run["deals"] == 8 and run["left_out_seconds"] >= 0
    # Read back, the left-out deals are unknown with the budget spent: the same table.
    a, b = study.read_results([full]).rows, study.read_results([decided]).rows
    assert {k: r.verdict for k, r in a.items()} == {k: r.verdict for k, r in b.items()}
    assert all(b[k].nodes == KLONDIKE_BUDGET for k in b if b[k].verdict == "unknown")
    assert [(ln.tried, ln.solved, ln.unknown) for ln in study.table(b.values())] == [(8, 4, 4)]
    # A rerun over more deals solves only the new ones and covers just those.
    study.run_study(KLONDIKE, range(1, 11), KLONDIKE_BUDGET, decided, workers=1,
                    decided_only=True)
    assert lines_of(decided)[-1]["run"]["covered"] == "9-10"
    assert len(study.read_results([decided]).rows) == 10


def test_lines_for_another_budget_or_that_are_not_rows_are_not_taken_as_done(
        tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    other = Row("freecell", 1, 5, "unknown", 5, 0.0)
    out.write_text(other.line() + '{"deal": 2}\n[1, 2]\n\n', encoding="utf-8")
    found = study.run_study(FREECELL, [1, 2], 20_000, out, workers=1)
    assert [(r.deal, r.budget, r.verdict) for r in found] == [(1, 20_000, "solved"),
                                                              (2, 20_000, "solved")]
    results = study.read_results([out])
    assert results.unreadable == 2 and len(results.rows) == 3


def test_the_command_prints_the_table_and_refuses_bad_input(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "r.jsonl"
    assert study.main(["freecell", "--deals", "1-3", "--budget", "20000", "--workers", "2",
                       "--out", str(out)]) == 0
    printed = capsys.readouterr()
    assert printed.out.splitlines()[1].split()[:6] == ["freecell", "20,000", "3", "3", "0",
                                                       "0"]
    assert "freecell: 3/3 done, 3 solved, 0 lost, 0 unknown" in printed.err
    command = lines_of(out)[-1]["run"]["command"]
    assert command.startswith("python -m patience.study freecell --deals 1-3")
    assert study.main(["--report", str(out)]) == 0
    assert "freecell" in capsys.readouterr().out
    for bad in (["chess"], ["freecell", "--deals", "0-3"], ["klondike", "--option", "draw=2"],
                ["freecell", "--workers", "0"], ["freecell", "--option", "draw"]):
        assert study.main(bad) == 2, bad
        assert capsys.readouterr().err.startswith("error: ")


def test_the_page_of_the_study_names_published_and_first_figures(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    rows = [Row("freecell", d, 10, "solved", 1, 0.1) for d in range(1, 4)]
    rows += [Row("yukon", d, 10, "unknown", 10, 0.1) for d in (1, 2, 4)]
    run = {"run": {"key": "yukon", "budget": 10, "deals": 3, "command": "python -m x",
                   "workers": 2, "seconds": 1.5}}
    out.write_text("".join(r.line() for r in rows) + json.dumps(run) + "\n", encoding="utf-8")
    page = study.markdown(study.read_results([out]))
    table = [line for line in page.splitlines() if line.startswith("| `")]
    assert table[0].startswith("| `freecell` | 10 | 3 (1-3) | 3 | 0 | 0 (0.0%) | 43.9% - 100.0% |")
    assert "99.9989% (Blake and Gent)" in table[0]
    assert table[1].startswith("| `yukon` | 10 | 3 (1-2, 4) | 0 | 0 | 3 (100.0%) | 0.0% - 100.0% |")
    assert table[1].endswith("| none known: ours only a floor |")
    assert "**Unknown for most deals**" in page and "python -m x" in page
    assert "`freecell`: the published 99.9989% is inside our interval (43.9% - 100.0%)" in page
    # A figure outside the interval is said to be outside.
    rows = [Row("streets_and_alleys", d, 10, "solved", 1, 0.1) for d in range(1, 41)]
    page = study.markdown(study.Results({(r.key, r.budget, r.deal): r for r in rows}, []))
    assert "the published 51.19% is outside our interval (91.2% - 100.0%)" in page


def test_a_variant_unknown_on_most_deals_is_given_as_at_least_its_found_wins() -> None:
    rows = [Row("roosevelt", d, 10, "solved" if d in (3, 9) else "unknown", 10, 0.1)
            for d in range(1, 41)]
    page = study.markdown(study.Results({(r.key, r.budget, r.deal): r for r in rows}, []))
    text = " ".join(page.split())
    assert ("`roosevelt` at 10 positions a deal: **at least 5.0% winnable (found wins)**, 2"
            " of 40 deals won and replayed (1.4% at the lower end of the 95% interval); 0"
            " proven lost.") in text
    assert "no deal of these variants was proven lost" in text
    # One deal proven lost, and the page no longer says none was.
    rows[0] = Row("roosevelt", 1, 10, "unwinnable", 10, 0.1)
    page = study.markdown(study.Results({(r.key, r.budget, r.deal): r for r in rows}, []))
    assert "1 proven lost" in page and "no deal of these" not in " ".join(page.split())


# Solving, on a local Ray ---------------------------------------------------------------------

def ray_processes() -> set[int]:
    """The running processes that belong to a Ray (its services and workers), on Linux."""
    found: set[int] = set()
    if not Path("/proc/self").exists():
        return found
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            args = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if stat.rpartition(")")[2].split()[0] == "Z":
            continue
        if any(word in args for word in ("raylet", "gcs_server", "ray::", "ray/_private",
                                         "default_worker.py", "runtime_env")):
            found.add(int(entry.name))
    return found


def test_a_small_study_on_a_local_ray_gives_the_same_rows(tmp_path: Path) -> None:
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail("CI runs the study on Ray: install the study extra (.[study])")
        pytest.skip("Ray is not installed (pip install '.[study]')")
    before = ray_processes()
    out = tmp_path / "r.jsonl"
    found = study.run_study(KLONDIKE, range(1, 7), KLONDIKE_BUDGET, out, workers=2,
                            ray="local", command="ray")
    pool = study.run_study(KLONDIKE, range(1, 7), KLONDIKE_BUDGET, None, workers=2)
    assert [(r.deal, r.verdict, r.nodes) for r in found] == \
        [(r.deal, r.verdict, r.nodes) for r in pool]
    assert lines_of(out)[-1]["run"]["workers"] == "ray"
    assert not ray.is_initialized()
    # Ray's shutdown leaves none of its processes behind.
    deadline = time.monotonic() + 20
    while (left := ray_processes() - before) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not left


def test_ray_missing_is_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.import_module

    def no_ray(name: str, package: str | None = None) -> Any:
        if name == "ray":
            raise ImportError("No module named 'ray'")
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", no_ray)
    with pytest.raises(SystemExit, match=r"pip install '\.\[study\]'"):
        study.import_ray()


# tools/winnable.py ---------------------------------------------------------------------------

def test_the_winnable_list_is_the_first_deals_won_in_deal_order_on_a_pool() -> None:
    c = winnable.Set("klondike", {"draw": 1}, KLONDIKE_BUDGET, target=3, limit=8)
    assert winnable.run_set(c, workers=2) == ("klondike:draw=1,passes=3,takeback=yes",
                                              [1, 2, 6], 6)
    # The limit stops it first: the deals tried are all of them.
    c = winnable.Set("klondike", {"draw": 1}, KLONDIKE_BUDGET, target=10, limit=5)
    assert winnable.run_set(c, workers=2) == ("klondike:draw=1,passes=3,takeback=yes",
                                              [1, 2], 5)
    # One worker: the same, in this process.
    assert winnable.run_set(c, workers=1)[1:] == ([1, 2], 5)


def test_the_winnable_list_is_read_from_and_appended_to_the_studys_results(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    c = winnable.Set("klondike", {"draw": 1}, KLONDIKE_BUDGET, target=3, limit=8,
                     file="k.jsonl")
    first = winnable.run_set(c, workers=1, results=tmp_path)
    assert first == ("klondike:draw=1,passes=3,takeback=yes", [1, 2, 6], 6)
    rows = deal_lines(tmp_path / "k.jsonl")
    assert {d["deal"] for d in rows} >= set(range(1, 7))
    assert all(d["budget"] == KLONDIKE_BUDGET for d in rows)

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("the results file covers the set: nothing to solve")

    monkeypatch.setattr(study, "rows", no_solving)
    assert winnable.run_set(c, workers=1, results=tmp_path) == first
    # A longer list, without solving: as far as the file goes.
    longer = winnable.Set("klondike", {"draw": 1}, KLONDIKE_BUDGET, target=10, limit=50,
                          file="k.jsonl")
    _key, won, tried = winnable.run_set(longer, results=tmp_path, solve=False)
    assert won[:3] == [1, 2, 6] and tried == max(d["deal"] for d in rows)


def test_the_shipped_winnable_list_is_the_one_the_shipped_results_give(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """static/data/winnable.json is what tools/winnable.py reads from docs/winnability/:
    the same deals, budgets, deals tried and grades, for every set."""
    monkeypatch.setattr(study, "rows", lambda *a, **k: pytest.fail("solved a deal"))
    out = tmp_path / "w.json"
    assert winnable.main(["--no-solve", "--out", str(out)]) == 0
    made = json.loads(out.read_text(encoding="utf-8"))
    shipped = json.loads((ROOT / "static" / "data" / "winnable.json").read_text())
    for part in ("sets", "budgets", "tried", "difficulty"):
        assert made[part] == shipped[part], part


def test_a_merge_keeps_what_other_tools_added_to_the_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(study, "rows", lambda *a, **k: pytest.fail("solved a deal"))
    out = tmp_path / "w.json"
    old: dict[str, Any] = {
        "version": 2, "command": "python tools/winnable.py", "sets": {"freecell": [1, 2]},
        "budgets": {"freecell": 9}, "tried": {"freecell": 2},
        "difficulty": {"freecell": {"1": 1, "2": 3}}, "note": {"freecell": "x"}}
    out.write_text(json.dumps(old), encoding="utf-8")
    assert winnable.main(["--set", "roosevelt", "--merge", "--no-solve", "--out",
                          str(out)]) == 0
    made = json.loads(out.read_text(encoding="utf-8"))
    assert made["version"] == 2 and made["note"] == old["note"]
    assert made["difficulty"]["freecell"] == old["difficulty"]["freecell"]
    assert made["sets"]["freecell"] == [1, 2] and "roosevelt" in made["sets"]
    assert made["command"].startswith("python tools/winnable.py && python tools/winnable.py")


def test_published_figures_come_from_the_games_tables_by_variant_key() -> None:
    known = study.published()
    assert known["klondike:draw=1,passes=unlimited,takeback=yes"].share == "90.48%"
    assert known["klondike:draw=3,passes=unlimited,takeback=yes"].share == "81.95%"
    assert known["freecell"].share == "99.9989%"
    assert known["streets_and_alleys"].source == "Blake and Gent"
    firsts = ("yukon", "roosevelt", "moving_left", "all_in_a_row", "spider:suits=1",
              "spider:suits=2")
    assert all(known[k].share is None for k in firsts)
    assert "klondike:draw=1,passes=3,takeback=yes" not in known     # the default: none published
