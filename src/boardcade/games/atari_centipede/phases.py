"""Atari's Centipede's turn as a table of phases (core/phases.py): the map of the game.

Each phase names the decision being made (or the chance node), who makes it, the phases one action may lead to,
and the procedures that carry it out, which are plain functions of the state grouped by part of the turn: the
setup (setup.py), the Gnome's turn (gnome.py), the Centipede's turn (centipede.py), and the flow they share
(turn.py: turns and rounds, dice and draws, what comes next). Each handler names the rule it carries out in its
docstring; the board mechanics they call are in pieces.py. Rule IDs refer to rules/atari-centipede.md, which
draws this table as the phase graph.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardcade.core import CHANCE, TERMINAL
from boardcade.core.phases import PhaseRule, phase_table

from .centipede import (
    berserk,
    berserk_choices,
    drop_choices,
    drop_mushroom,
    flea_choices,
    move_bug,
    move_bug_choices,
    mushroom_choices,
    no_mushroom,
    place_mushroom_card,
    play_card,
    play_choices,
    remove_mushroom,
    spawn_flea,
    spawn_spider,
    spider_choices,
    spider_spawn_choices,
    spider_to,
)
from .gnome import (
    activate_die,
    bonus_choices,
    bonus_move,
    decline_bonus,
    die_fire,
    die_move,
    die_no_recharge,
    die_recharge,
    end_gnome_turn,
    gafter_choices,
    gchoose_choices,
    glitch,
    glitch_choices,
    gstep_choices,
    gwrist_choices,
    recharge_and_end,
    use_card,
    wrist_move,
)
from .setup import (
    dice_off,
    gplace_choices,
    place_gnome,
    seed,
    seed_by_chance,
    seed_choices,
    seed_outcomes,
    spawn_centipede,
    spawn_choices,
)
from .state import CENTIPEDE, GNOME, PLACER, SEEDER, Phase
from .state import AtariData as St
from .turn import draw, draw_outcomes, roll

_ROLL_OUTCOMES = [(f, 1 / 6) for f in range(6)]
_DICEOFF_OUTCOMES = [(k, 1 / 36) for k in range(36)]


def _fixed(outcomes: list[tuple[int, float]]) -> Callable[[Any], list[tuple[int, float]]]:
    """Dice outcomes, the same in every game."""
    return lambda game: outcomes


# The table, keyed by Phase: who acts, the phases one action may lead to (NEXT), the procedures above, what the
# observation shows and the decision kind (prompts.py).
P = Phase
# What may follow, by part of the turn: the Gnome's next decision (gnome_continue), any Gnome decision, the start
# of a turn (begin_turn), and the end of the Centipede's turn (its bugs move, it draws, the next turn begins).
GNOME_ON = (P.ROLL, P.GCHOOSE, P.GSTEP, P.GAFTER)
GNOME_NEXT = (*GNOME_ON, P.GWRIST, P.GGLITCH, P.BONUS, P.OVER)
TURN_START = (P.ROLL, P.GCHOOSE, P.CPLAY)
TURN_END = (P.CMOVE, P.CSPIDER, P.CDROP, P.CSPIDERSPAWN, P.DRAW, *TURN_START, P.OVER)
NEXT: dict[int, tuple[int, ...]] = {
    P.SEED: (P.SEED, P.DICEOFF, P.GPLACE),
    P.SEED_CHANCE: (P.SEED_CHANCE, P.DICEOFF, P.GPLACE),
    P.DICEOFF: (P.DICEOFF, P.GPLACE),
    P.GPLACE: (P.GPLACE, P.ROLL),
    P.ROLL: (P.ROLL, P.DRAW, *GNOME_ON),  # the last die of the setup's roll leads to the deal (AC-2.6)
    P.DRAW: (P.SPAWN, *TURN_END),
    P.SPAWN: TURN_END,
    P.GCHOOSE: GNOME_NEXT,
    P.GSTEP: GNOME_NEXT,
    P.GAFTER: (*GNOME_NEXT, *TURN_END),
    P.GWRIST: GNOME_NEXT,
    P.GGLITCH: GNOME_NEXT,
    P.BONUS: (P.CSPIDER, P.CDROP, *GNOME_ON, P.OVER),  # AC-11.8: then the Gnome's turn goes on
    P.CPLAY: (P.SPAWN, P.CFLEA, P.CMUSH, P.CBERSERK, *TURN_END),
    P.CFLEA: TURN_END,
    P.CMUSH: TURN_END,
    P.CBERSERK: TURN_END,
    P.CMOVE: TURN_END,
    P.CSPIDER: (*TURN_END, *GNOME_ON),  # a bonus move's spider hands the turn back to the Gnome
    P.CDROP: (*TURN_END, *GNOME_ON),  # ... and a bonus move's flea
    P.CSPIDERSPAWN: TURN_END,
}
PHASES: tuple[PhaseRule[St], ...] = phase_table(
    Phase,
    [
        PhaseRule(
            P.SEED,
            SEEDER,
            next=NEXT[P.SEED],
            legal=seed_choices,
            on={"seed": seed},
            shown="seed mushrooms",
            decision="seed",
        ),
        PhaseRule(
            P.SEED_CHANCE,
            CHANCE,
            next=NEXT[P.SEED_CHANCE],
            outcomes=seed_outcomes,
            chance=seed_by_chance,
            shown="seed mushrooms (random)",
            decision="seed_roll",
        ),
        PhaseRule(
            P.DICEOFF,
            CHANCE,
            next=NEXT[P.DICEOFF],
            fixed_outcomes=_fixed(_DICEOFF_OUTCOMES),
            chance=dice_off,
            shown="dice-off",
            decision="dice_off",
        ),
        PhaseRule(
            P.GPLACE,
            PLACER,
            next=NEXT[P.GPLACE],
            legal=gplace_choices,
            on={"place_gnome": place_gnome},
            shown="place gnome",
            decision="place_gnome",
        ),
        PhaseRule(
            P.ROLL,
            CHANCE,
            next=NEXT[P.ROLL],
            fixed_outcomes=_fixed(_ROLL_OUTCOMES),
            chance=roll,
            shown="roll dice",
            decision="dice_roll",
        ),
        PhaseRule(
            P.DRAW,
            CHANCE,
            next=NEXT[P.DRAW],
            outcomes=draw_outcomes,
            chance=draw,
            shown="draw card",
            decision="card_draw",
        ),
        PhaseRule(
            P.SPAWN,
            CENTIPEDE,
            next=NEXT[P.SPAWN],
            legal=spawn_choices,
            on={"spawn_centipede": spawn_centipede},
            shown="choose spawn point",
            decision="spawn_point",
        ),
        PhaseRule(
            P.GCHOOSE,
            GNOME,
            next=NEXT[P.GCHOOSE],
            legal=gchoose_choices,
            on={"die": activate_die, "use_card": use_card},
            shown="choose die",
            decision="choose_die",
        ),
        PhaseRule(
            P.GSTEP,
            GNOME,
            next=NEXT[P.GSTEP],
            legal=gstep_choices,
            on={
                "use_card": use_card,
                "move": die_move,
                "fire": die_fire,
                "recharge": die_recharge,
                "no_recharge": die_no_recharge,
            },
            shown="resolve die",
            decision="die_fire",  # or die_move, die_recharge: the die's next action (prompts.py)
        ),
        PhaseRule(
            P.GAFTER,
            GNOME,
            next=NEXT[P.GAFTER],
            legal=gafter_choices,
            on={"use_card": use_card, "end_turn": end_gnome_turn, "recharge_and_end": recharge_and_end},
            shown="after die",
            decision="end_turn",
        ),
        PhaseRule(
            P.GWRIST,
            GNOME,
            next=NEXT[P.GWRIST],
            legal=gwrist_choices,
            on={"move": wrist_move},
            shown="wrist control: direction",
            decision="wrist_control",
        ),
        PhaseRule(
            P.GGLITCH,
            GNOME,
            next=NEXT[P.GGLITCH],
            legal=glitch_choices,
            on={"glitch": glitch},
            shown="glitch: mushroom to remove",
            decision="glitch_target",
        ),
        PhaseRule(
            P.BONUS,
            CENTIPEDE,
            next=NEXT[P.BONUS],
            legal=bonus_choices,
            on={"bonus_move": bonus_move, "decline_bonus": decline_bonus},
            shown="bonus bug move",
            decision="bonus_move",
        ),
        PhaseRule(
            P.CPLAY,
            CENTIPEDE,
            next=NEXT[P.CPLAY],
            legal=play_choices,
            on={"play": play_card},
            shown="play a card",
            decision="play_card",
        ),
        PhaseRule(
            P.CFLEA,
            CENTIPEDE,
            next=NEXT[P.CFLEA],
            legal=flea_choices,
            on={"spawn_flea": spawn_flea},
            shown="flea spawn square",
            decision="flea_spawn",
        ),
        PhaseRule(
            P.CMUSH,
            CENTIPEDE,
            next=NEXT[P.CMUSH],
            legal=mushroom_choices,
            on={"remove_mushroom": remove_mushroom, "place_mushroom": place_mushroom_card},
            shown="mushroom card square",
            decision="mushroom_card",
        ),
        PhaseRule(
            P.CBERSERK,
            CENTIPEDE,
            next=NEXT[P.CBERSERK],
            legal=berserk_choices,
            on={"berserk": berserk},
            shown="berserk centipede",
            decision="berserk",
        ),
        PhaseRule(
            P.CMOVE,
            CENTIPEDE,
            next=NEXT[P.CMOVE],
            legal=move_bug_choices,
            on={"move_bug": move_bug},
            shown="choose bug to move",
            decision="bug_order",
        ),
        PhaseRule(
            P.CSPIDER,
            CENTIPEDE,
            next=NEXT[P.CSPIDER],
            legal=spider_choices,
            on={"spider_to": spider_to},
            shown="spider destination",
            decision="spider_move",
        ),
        PhaseRule(
            P.CDROP,
            CENTIPEDE,
            next=NEXT[P.CDROP],
            legal=drop_choices,
            on={"drop_mushroom": drop_mushroom, "no_mushroom": no_mushroom},
            shown="flea mushroom drop",
            decision="flea_drop",
        ),
        PhaseRule(
            P.CSPIDERSPAWN,
            CENTIPEDE,
            next=NEXT[P.CSPIDERSPAWN],
            legal=spider_spawn_choices,
            on={"spawn_spider": spawn_spider},
            shown="spider spawn square",
            decision="spider_spawn",
        ),
        PhaseRule(P.OVER, TERMINAL, shown="game over", decision="over"),
    ],
)
PHASE_NAMES = tuple(rule.name for rule in PHASES)
DECISION_OF = {rule.name: rule.decision for rule in PHASES}  # the observation's phase -> its decision kind
CHANCE_PHASES = frozenset(p for p, rule in enumerate(PHASES) if rule.actor == CHANCE)
GNOME_PHASES = frozenset(p for p, rule in enumerate(PHASES) if rule.actor == GNOME)
