"""Prints how many scripted sequences and steps each engine property checked (figures for docs/reliability.md)."""

from __future__ import annotations

from .support import TALLY


def pytest_terminal_summary(terminalreporter):
    if not TALLY:
        return
    rows: dict[tuple[str, str], list[int]] = {}
    for (test, case, kind), n in TALLY.items():
        rows.setdefault((test, case), [0, 0])[kind == "steps"] += n
    terminalreporter.section("engine properties: scripted sequences / steps checked")
    for (test, case), (seqs, steps) in sorted(rows.items()):
        terminalreporter.write_line(f"{test:<28} {case:<28} {seqs:>5} sequences {steps:>8} steps")
    per_case: dict[str, list[int]] = {}
    for (_, case), (seqs, steps) in rows.items():
        acc = per_case.setdefault(case, [0, 0])
        acc[0] += seqs
        acc[1] += steps
    for case, (seqs, steps) in sorted(per_case.items()):
        terminalreporter.write_line(f"{'total':<28} {case:<28} {seqs:>5} sequences {steps:>8} steps")
