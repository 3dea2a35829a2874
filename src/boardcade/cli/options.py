"""Parsing `--option key=value` pairs from the command line."""

from __future__ import annotations

import typer


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise typer.BadParameter(f"{pair!r} is not key=value (for example --option max_turns_per_round=40)")
        key, value = pair.split("=", 1)
        out[key.strip()] = value.strip()
    return out
