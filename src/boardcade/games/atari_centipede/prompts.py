"""Atari's Centipede: what each decision asks, in words (core/prompts.py; docs/contract.md).

One decision kind per phase (the die's next action gives three: move, fire, recharge). Built from the viewer's
observation alone, so a Centipede hand (AC-12.1) can only ever be named in its owner's own question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardcade.core import Decisions, Prompt, Seat

from .board import DIE_FACES, MOVE, RECHARGE_STEP, SPIDER_SPEED
from .observation import AtariObservation, SideView, Square
from .phases import DECISION_OF

_DIE = "(the die's next action{cards})"

TABLE = {
    # setup
    "seed": Prompt(
        "Seed a mushroom ({left} left; this turn's seeds go in column c{column}).",
        "{who} is seeding mushrooms in column c{column} ({left} left this turn).",
    ),
    "seed.column": Prompt(
        "Seed a mushroom ({left} left): choose an empty square in a column with no mushroom yet; this turn's "
        "seeds all go in that column.",
        "{who} is choosing a column to seed with mushrooms.",
    ),
    "seed_roll": Prompt(None, "Chance seeds column c{column}: mushroom {n} of 3."),
    "dice_off": Prompt(None, "Dice-off: both Gnomes roll a die; the high roller picks its end, the other team starts."),
    "place_gnome": Prompt(
        "Place your Gnome: choose your end and your starting square (any square of row {rows}).",
        "{who} is choosing an end and a starting square.",
    ),
    "place_gnome.other_end": Prompt(
        "Place your Gnome: choose your starting square in row {rows} (the other end is taken).",
        "{who} is choosing a starting square.",
    ),
    "dice_roll": Prompt(None, "A Gnome die is rolled into the Dice Pool ({pool} in the pool so far)."),
    "card_draw": Prompt(None, "The {colour} Centipede draws a card."),
    "spawn_point": Prompt(
        "Choose the spawn point where your centipede of {length} enters.",
        "{who} is choosing the spawn point where its centipede enters.",
    ),
    # the Gnome's turn
    "choose_die": Prompt(
        "Choose a die to activate from the Dice Pool ({pool} there){cards}.", "{who} is choosing a die to activate."
    ),
    "die_move": Prompt(
        "Move your Gnome {n} {squares} left or right " + _DIE + ".",
        "{who} is moving {n} {squares} (die: {actions}).",
    ),
    "die_fire": Prompt("Fire up your column " + _DIE + ".", "{who} is about to fire (die: {actions})."),
    "die_recharge": Prompt(
        "Recharge: turn one of your face-down Gnome Control cards face up " + _DIE + ".",
        "{who} is recharging a Gnome Control card (die: {actions}).",
    ),
    "die_recharge.nothing": Prompt(
        "Recharge: every Gnome Control card is face up, so there is nothing to recharge " + _DIE + ".",
        "{who} is recharging a Gnome Control card (die: {actions}).",
    ),
    "end_turn": Prompt("Your die is done: end your turn{recharge}{cards}.", "{who} is finishing its turn."),
    "wrist_control": Prompt(
        "Wrist Control: move your Gnome one square left or right.", "{who} uses Wrist Control: moving one square."
    ),
    "glitch_target": Prompt(
        "Glitch: choose the mushroom to remove ({n} on the board).",
        "{who} uses Glitch: choosing the mushroom to remove.",
    ),
    "bonus_move": Prompt(
        "Bonus move: your Gnome's bolt reached the other Gnome. Move any one of your bugs, or decline.",
        "{who} has a bonus move (its Gnome's bolt reached the other Gnome): choosing a bug to move, or declining.",
    ),
    # the Centipede's turn
    "play_card": Prompt("Play a card from your hand ({n} in hand).", "{who} is choosing a card to play."),
    "flea_spawn": Prompt(
        "Spawn Flea: choose the square of row {row} where your flea enters.", "{who} is placing a flea."
    ),
    "mushroom_card": Prompt(
        "Mushroom card: remove any mushroom, or place one from the supply ({supply} left) on an empty square "
        "away from the centipedes.",
        "{who} plays the Mushroom card: removing or placing a mushroom.",
    ),
    "mushroom_card.remove": Prompt(
        "Mushroom card: choose the mushroom to remove (none can be placed now).",
        "{who} plays the Mushroom card: removing or placing a mushroom.",
    ),
    "mushroom_card.place": Prompt(
        "Mushroom card: choose an empty square for a mushroom from the supply ({supply} left).",
        "{who} plays the Mushroom card: removing or placing a mushroom.",
    ),
    "berserk": Prompt(
        "Berserk!: choose the centipede that leaps two rows toward the Gnome.",
        "{who} plays Berserk!: choosing the centipede that leaps two rows.",
    ),
    "bug_order": Prompt("Choose the next bug to move ({n} still to move).", "{who} is moving its bugs."),
    "spider_move": Prompt(
        "Move the spider at {at}: choose its square (one straight line up, down or diagonally, up to {speed} squares).",
        "{who} is moving the spider at {at}.",
    ),
    "flea_drop": Prompt(
        "{flea_cap} at {at}: drop a mushroom on {left_square}, the square it just left, or not? ({supply} in the "
        "supply)",
        "{who} is deciding whether {flea} at {at} drops a mushroom on {left_square}.",
    ),
    "spider_spawn": Prompt(
        "Spawn Spider: choose an empty square at the edge of the field for your spider.", "{who} is placing a spider."
    ),
    "over": Prompt(None, "Game over: {result} ({ending})."),
    "over.draw": Prompt(None, "Game over: {ending}."),
}

_STEP_KIND = {MOVE: "die_move", RECHARGE_STEP: "die_recharge"}


def _sq(rc: Square) -> str:
    return f"r{rc[0]}c{rc[1]}"


def _side(obs: AtariObservation, player: Seat) -> SideView:
    return next(s for s in obs["centipede_players"] if s["player"] == player)


def pick(obs: AtariObservation, facts: dict[str, Any], player_name: Callable[[Seat], str]) -> str:
    """The decision of the phase in `obs` (its phase rule names the kind, phases.py), with the facts its prompt
    names (a hand only in its owner's view)."""
    key = DECISION_OF[obs["phase"]]
    cur = obs["current_player"]
    mine = cur >= 0 and obs["viewer"] == cur
    legal = obs["legal_actions"]  # empty unless `mine`
    if key == "over":
        returns = obs["returns"]
        assert returns is not None, "the end's view has the returns"
        if max(returns) <= 0:
            return "over.draw"
        if obs["players"] == 4:  # seats 0-1 are the red team (A), 2-3 the blue team (B), AC-11.1
            facts["result"] = f"the {('red', 'blue')[returns.index(1.0) // 2]} team wins"
        return "over"
    if key == "seed" or key == "seed_roll":
        seeding = obs["seeding"]
        facts["left"] = seeding["left"]
        facts["column"] = seeding["column"]
        if key == "seed_roll":
            facts["n"] = 4 - seeding["left"]
            return "seed_roll"
        return "seed" if seeding["column"] is not None else "seed.column"
    if key == "place_gnome":
        rows = sorted({a["target"][0] for a in legal})
        facts["rows"] = " or row ".join(map(str, rows))
        return "place_gnome" if len(rows) != 1 else "place_gnome.other_end"
    if obs["phase"] == "resolve die":  # the kind is the die's next action's
        die = obs["die_in_use"]
        assert die is not None, "a die being resolved is in use"
        kind, n = DIE_FACES[die["face"] - 1][die["next_step"]]
        facts["actions"] = die["actions"]
        facts["n"] = n
        facts["squares"] = "square" if n == 1 else "squares"
        _cards(facts, legal)
        key = _STEP_KIND.get(kind, "die_fire")
        if key == "die_recharge" and mine and not any(a["kind"] == "recharge" for a in legal):
            return "die_recharge.nothing"
        return key
    if key == "dice_roll":
        facts["pool"] = len(obs["dice_pool"])
    elif key == "card_draw":
        facts["colour"] = obs["drawing"]
    elif key == "spawn_point":
        facts["length"] = 6 - _side(obs, cur)["segments_on_board"]
    elif key == "choose_die":
        facts["pool"] = len(obs["dice_pool"])
        facts["cards"] = ", or use a Gnome Control card" if any(a["kind"] == "use_card" for a in legal) else ""
    elif key == "end_turn":
        kinds = {a["kind"] for a in legal}
        facts["recharge"] = (
            ", or recharge a face-down card and end (you used no card this turn)" if "recharge_and_end" in kinds else ""
        )
        facts["cards"] = ", or use a Gnome Control card first" if "use_card" in kinds else ""
    elif key == "glitch_target":
        facts["n"] = len(obs["mushrooms"])
    elif key == "play_card":
        facts["n"] = _side(obs, cur)["hand_size"]
    elif key == "flea_spawn":
        if legal:
            facts["row"] = legal[0]["target"][0]
    elif key == "mushroom_card":
        facts["supply"] = obs["mushroom_supply"]
        kinds = {a["kind"] for a in legal}
        if mine and "place_mushroom" not in kinds:
            return "mushroom_card.remove"
        if mine and "remove_mushroom" not in kinds:
            return "mushroom_card.place"
    elif key == "bug_order":
        facts["n"] = len(legal)
    elif key == "spider_move":
        facts["at"] = _sq(obs["moving_bug"])
        facts["speed"] = SPIDER_SPEED + _side(obs, cur)["speed_bonus"]
    elif key == "flea_drop":
        at = obs["moving_bug"]
        fleas = obs["fleas"]
        index = next((i for i, f in enumerate(fleas) if f["square"] == at), 0)
        name = f"flea F{index + 1}" if len(fleas) > 1 else "the flea"  # as the board letters them
        facts["flea"] = name
        facts["flea_cap"] = name[0].upper() + name[1:]
        facts["at"] = _sq(at)
        facts["left_square"] = _sq(obs["flea_left"])
        facts["supply"] = obs["mushroom_supply"]
    return key


def _cards(facts: dict[str, Any], legal: list[dict[str, Any]]) -> None:
    facts["cards"] = "; or use a Gnome Control card first" if any(a["kind"] == "use_card" for a in legal) else ""


DECISIONS = Decisions(TABLE, pick)
