"""Centipede (Milton Bradley): what each decision asks, in words (core/prompts.py; docs/contract.md).

One decision kind per phase of the turn; the spin is the chance node. Everything is public (MB-10.1), so the
other player and spectators may be told everything but the question itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardcade.core import Decisions, Prompt, Seat

from .observation import MBObservation
from .phases import DECISION_OF

TABLE = {
    "spin": Prompt(None, "{who} spins the spinner."),
    "free_choice": Prompt(
        "FREE CHOICE: move and fire your gun, move your centipede, or move the Spider or the Scorpion.",
        "{who} spun FREE CHOICE and is choosing what to do.",
    ),
    "free_choice.no_gun": Prompt(
        "FREE CHOICE: move your centipede, or move the Spider or the Scorpion (your gun is under the Spider).",
        "{who} spun FREE CHOICE and is choosing what to do.",
    ),
    "free_choice.no_pieces": Prompt(
        "FREE CHOICE: move and fire your gun, or move your centipede (neither the Spider nor the Scorpion can move).",
        "{who} spun FREE CHOICE and is choosing what to do.",
    ),
    "free_choice.centipede_only": Prompt(
        "FREE CHOICE: move your centipede (your gun is under the Spider, and neither the Spider nor the "
        "Scorpion can move).",
        "{who} spun FREE CHOICE and is choosing what to do.",
    ),
    "gun": Prompt(
        "GUN: move your gun to another position of your Firing Line (now at position {position}); it fires from there.",
        "{who} is moving the gun to fire.",
    ),
    "revive": Prompt(
        "Hit! Revive one of your dead segments ({dead} dead), or nothing.",
        "{who} hit {other}'s centipede and may revive one of its own dead segments.",
    ),
    "shortcut": Prompt(
        "Shortcut across the poison mushroom at {poison}? Take it to {landing}, or enter the poison mushroom "
        "space ({left} {spaces} still to move).",
        "{who}'s centipede has reached a poison mushroom: {who} is deciding whether to take the shortcut.",
    ),
    "spider_scorpion": Prompt(
        "SPIDER/SCORPION: move the Spider or the Scorpion (choose where it goes), or pass.",
        "{who} is moving the Spider or the Scorpion.",
    ),
    "over": Prompt(None, "Game over: {ending}."),
}


def _at(xy: list[float] | None) -> str:
    return "?" if xy is None else f"({xy[0]:g},{xy[1]:g})"


def pick(obs: MBObservation, facts: dict[str, Any], player_name: Callable[[Seat], str]) -> str:
    """The decision of the phase in `obs` (its phase rule names the kind, phases.py), and the facts its prompt
    names (all public, MB-10.1)."""
    kind = DECISION_OF[obs["phase"]]
    if kind == "over":
        return "over"
    p = obs["player"]
    facts["who"] = player_name(p)
    if kind == "spin":
        return "spin"
    mine = obs["viewer"] == p
    if kind == "free_choice":
        if not mine:
            return "free_choice"
        options = {a["args"]["option"] for a in obs["legal_actions"]}
        gun, pieces = "gun" in options, "spider_scorpion" in options
        return "free_choice" + (
            "" if gun and pieces else ".no_pieces" if gun else ".no_gun" if pieces else ".centipede_only"
        )
    if kind == "gun":
        facts["position"] = obs["guns"][p]["position"]
        return "gun"
    if kind == "revive":
        facts["other"] = player_name(1 - p)
        facts["dead"] = sum(not s["alive"] for s in obs["centipedes"][p]["segments"])
        return "revive"
    if kind == "shortcut":
        if mine:
            target = {a["kind"]: a.get("target") for a in obs["legal_actions"]}
            facts["poison"] = _at(target.get("no_shortcut"))
            facts["landing"] = _at(target.get("shortcut"))
            facts["left"] = left = obs["moves_left"]
            facts["spaces"] = "space" if left == 1 else "spaces"
        return "shortcut"
    return kind


DECISIONS = Decisions(TABLE, pick)
