"""Lighthouse on the page (``bench/web.py --lighthouse``): mobile, Lighthouse's default
(simulated) throttling, three categories, with the pinned ``lighthouse`` devDependency
(``package.json``) and the Chromium of ``tools/browser.py`` (``CHROME_PATH``).

It prints performance, accessibility and best practices, the metrics behind performance
(Total Blocking Time, time to interactive, largest and first contentful paint) and the ids of
the audits that fail, with issue 28's aims.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Final

ROOT: Final[Path] = Path(__file__).resolve().parent.parent
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

from browser import CHROMIUM_ARGS, chromium_path  # noqa: E402  (tools/)

CLI: Final[Path] = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
CATEGORIES: Final[tuple[str, ...]] = ("performance", "accessibility", "best-practices")
#: Issue 28's aims: category scores at least, and Total Blocking Time at most.
AIM_SCORES: Final[dict[str, float]] = {
    "performance": 0.9, "accessibility": 1.0, "best-practices": 0.95}
AIM_TBT_MS: Final[float] = 600.0
METRICS: Final[tuple[tuple[str, str], ...]] = (
    ("total-blocking-time", "Total Blocking Time"),
    ("interactive", "time to interactive"),
    ("largest-contentful-paint", "largest contentful paint"),
    ("first-contentful-paint", "first contentful paint"),
)
TIMEOUT_S: Final[float] = 300.0


def failing_audits(lhr: dict[str, Any]) -> list[str]:
    """The ids of the audits of the measured categories that score below 1, sorted; the
    informative and not-applicable ones (no score) are left out."""
    ids: set[str] = set()
    audits = lhr.get("audits", {})
    for name in CATEGORIES:
        for ref in lhr.get("categories", {}).get(name, {}).get("auditRefs", []):
            audit = audits.get(ref["id"], {})
            score = audit.get("score")
            if score is not None and score < 1 and audit.get("scoreDisplayMode") in (
                    "binary", "numeric", "metricSavings"):
                ids.add(ref["id"])
    return sorted(ids)


def summary(lhr: dict[str, Any]) -> list[str]:
    """Lighthouse's result as Markdown lines, with the aims met or not."""
    lines = [f"Lighthouse {lhr.get('lighthouseVersion', '?')}, "
             f"{lhr.get('configSettings', {}).get('formFactor', '?')}, throttling "
             f"{lhr.get('configSettings', {}).get('throttlingMethod', '?')}, "
             f"{lhr.get('finalDisplayedUrl') or lhr.get('finalUrl', '?')}:", ""]
    for name in CATEGORIES:
        score = lhr.get("categories", {}).get(name, {}).get("score")
        aim = AIM_SCORES[name]
        said = ("not measured" if score is None
                else "met" if score >= aim else "**not met**")
        shown = "–" if score is None else f"{score:.2f}"
        lines.append(f"- {name}: {shown} (aim ≥ {aim:g}): {said}")
    audits = lhr.get("audits", {})
    for audit_id, words in METRICS:
        value = audits.get(audit_id, {}).get("numericValue")
        if value is None:
            continue
        text = f"- {words}: {value:,.0f} ms"
        if audit_id == "total-blocking-time":
            text += f" (aim ≤ {AIM_TBT_MS:g} ms): {'met' if value <= AIM_TBT_MS else '**not met**'}"
        lines.append(text)
    failing = failing_audits(lhr)
    lines.append(f"- failing audits: {', '.join(failing) if failing else 'none'}")
    return lines


def run(url: str, work: Path) -> list[str]:
    """Run Lighthouse on ``url`` and return its summary (or why it could not run)."""
    head = ["## Lighthouse (mobile)", ""]
    if not CLI.is_file():
        return [*head, f"Lighthouse is not installed ({CLI.relative_to(ROOT)}): `npm ci`."]
    chrome = chromium_path()
    work.mkdir(parents=True, exist_ok=True)
    out = work / "lighthouse.json"
    env = dict(os.environ)
    if chrome:
        env["CHROME_PATH"] = chrome
    flags = " ".join(("--headless=new", *CHROMIUM_ARGS))
    command = ["node", str(CLI), url, "--output=json", f"--output-path={out}",
               f"--only-categories={','.join(CATEGORIES)}", f"--chrome-flags={flags}",
               "--quiet"]
    print("web bench: Lighthouse", file=sys.stderr, flush=True)
    try:
        done = subprocess.run(command, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT_S, check=False)
    except subprocess.TimeoutExpired:
        return [*head, f"Lighthouse did not finish in {TIMEOUT_S:g} s."]
    if done.returncode != 0 or not out.is_file():
        return [*head, f"Lighthouse failed ({done.returncode}): {done.stderr.strip()[-500:]}"]
    lhr = json.loads(out.read_text(encoding="utf-8"))
    return [*head, *summary(lhr)]
