"""Milton Bradley Centipede action encoding (documented in docs/rules/mb-centipede.md, "Action encoding").

Player actions:
  0-10   GUN: slide your gun to firing-line position x = action + 1, then fire
  11-16  revive your own dead segment (11 = head, 12-16 = body segments 1-5) after shooting the opponent
  17     revive nothing
  18     take the shortcut across the poison mushroom ahead
  19     decline the shortcut: enter the poison mushroom space
  20-22  FREE CHOICE: act as if you had spun GUN / CENTIPEDE / SPIDER-SCORPION
  23     Spider back to its Den
  24-33  Spider onto the poison mushroom on poison space action - 24
  34-37  Spider onto Spider Space action - 34 (0/1 beside Red's left/right half, 2/3 beside Green's)
  38     Spider jumps from its Spider Space onto the opponent's gun (attack)
  39     Scorpion back to its Hollow
  40-49  Scorpion onto poison space action - 40, putting a poison mushroom under it
Chance outcomes (one spin): 0 GUN, 1 CENTIPEDE, 2 SPIDER/SCORPION, 3 FREE CHOICE.
"""

from __future__ import annotations

from .board import POISON_XY, SPIDER_SPACE_XY

GUN0 = 0
REVIVE0 = 11
REVIVE_NONE = 17
SHORTCUT_TAKE = 18
SHORTCUT_DECLINE = 19
CHOOSE_GUN = 20
CHOOSE_CENTIPEDE = 21
CHOOSE_PIECES = 22
SPIDER_DEN = 23
SPIDER_POISON0 = 24
SPIDER_SPACE0 = 34
SPIDER_ATTACK = 38
SCORPION_HOLLOW = 39
SCORPION_POISON0 = 40
NUM_ACTIONS = 50

SPIN_GUN, SPIN_CENTIPEDE, SPIN_PIECES, SPIN_FREE = 0, 1, 2, 3
SPIN_NAMES = ("GUN", "CENTIPEDE", "SPIDER/SCORPION", "FREE CHOICE")
NUM_SPINS = 4


def _at(x_y: tuple[int, int]) -> str:
    return f"({x_y[0]},{x_y[1]})"


def describe(action: int) -> str:
    """Text for a player action."""
    if GUN0 <= action < REVIVE0:
        return f"move your gun to x={action - GUN0 + 1} and fire"
    if REVIVE0 <= action < REVIVE_NONE:
        k = action - REVIVE0
        return "revive your head" if k == 0 else f"revive your body segment {k}"
    if action == REVIVE_NONE:
        return "revive nothing"
    if action == SHORTCUT_TAKE:
        return "take the shortcut"
    if action == SHORTCUT_DECLINE:
        return "no shortcut: enter the poison mushroom space"
    if action == CHOOSE_GUN:
        return "free choice: move and shoot your gun"
    if action == CHOOSE_CENTIPEDE:
        return "free choice: move your centipede"
    if action == CHOOSE_PIECES:
        return "free choice: move the Spider or the Scorpion"
    if action == SPIDER_DEN:
        return "Spider back to its Den"
    if SPIDER_POISON0 <= action < SPIDER_SPACE0:
        return f"Spider onto the poison mushroom at {_at(POISON_XY[action - SPIDER_POISON0])}"
    if SPIDER_SPACE0 <= action < SPIDER_ATTACK:
        j = action - SPIDER_SPACE0
        side = "Red" if j < 2 else "Green"
        return f"Spider onto the Spider Space beside {side}'s firing line at {_at(SPIDER_SPACE_XY[j])}"
    if action == SPIDER_ATTACK:
        return "Spider attacks your opponent's gun"
    if action == SCORPION_HOLLOW:
        return "Scorpion back to its Hollow"
    if SCORPION_POISON0 <= action < NUM_ACTIONS:
        return f"Scorpion plants a poison mushroom at {_at(POISON_XY[action - SCORPION_POISON0])}"
    return f"action {action}"
