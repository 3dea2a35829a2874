"""Q*bert action encoding (documented in docs/rules/qbert.md, "Action encoding").

Player actions:
  0-3   Q*bert hops up-left, up-right, down-left, down-right (normal move and escape)
  4     Q*bert stops (ends his move, or ends an escape)
  5-13  Q*bert hops onto a disc during an escape: 5 + 3*disc + landing (landing 0 = top, 1 = (1,0), 2 = (1,1))
  14-17 the moving nasty steps up-left, up-right, down-left, down-right (Coily, balls, Slick)
  18-19 the moving nasty enters the pyramid on its first / second entry space
  20-21 a face walker steps along its row / up (Wrong Way: right / up-right; Ugg: left / up-left)
  22    a ball or Slick drops off the bottom row and goes home
Chance outcomes:
  roll-off: 6*a + b, a != b (a, b = the two d6 faces minus one), each 1/30 (ties are rolled again)
  Q*bert's d8: face - 1; character die: index into board.CHARACTER_DIE; nasty's d6: face - 1
"""

from __future__ import annotations

from .board import CUBES, DIR_NAMES, DISC_LANDINGS, DISCS, NASTY_NAMES, UGG, WRONG_WAY

HOP0 = 0  # + direction
STOP = 4
DISC0 = 5  # + 3*disc + landing
STEP0 = 14  # + direction
ENTER0 = 18  # + entry index
FACE_ALONG = 20
FACE_UP = 21
DROP_OFF = 22
NUM_ACTIONS = 23
MAX_CHANCE_OUTCOMES = 36


def rc(c: int) -> str:
    r, i = CUBES[c]
    return f"({r},{i})"


def describe(action: int, mover: int = -1) -> str:
    """Text for a player action; `mover` is the nasty character moving (for nasty actions)."""
    if 0 <= action < STOP:
        return f"hop {DIR_NAMES[action]}"
    if action == STOP:
        return "stop"
    if DISC0 <= action < STEP0:
        disc, landing = divmod(action - DISC0, 3)
        cube, side = DISCS[disc]
        return f"hop onto the {side} disc beside {rc(cube)} and fly to {rc(DISC_LANDINGS[landing])}"
    who = NASTY_NAMES[mover] if mover >= 0 else "nasty"
    if STEP0 <= action < ENTER0:
        return f"{who} steps {DIR_NAMES[action - STEP0]}"
    if action in (ENTER0, ENTER0 + 1):
        return f"{who} enters the pyramid" + (" (second entry space)" if action == ENTER0 + 1 else "")
    if action == FACE_ALONG:
        return f"{who} walks " + ("left" if mover == UGG else "right" if mover == WRONG_WAY else "along its row")
    if action == FACE_UP:
        return f"{who} walks " + ("up-left" if mover == UGG else "up-right" if mover == WRONG_WAY else "up")
    if action == DROP_OFF:
        return f"{who} drops off the bottom and goes home"
    return f"action {action}"
