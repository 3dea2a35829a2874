"""Q*bert's actions and chance outcomes, declared as data (the rules document's "Action encoding" tables are
generated from these codecs, and a test checks they agree).

Player actions keep their historical numbering: 0-3 hop, 4 stop, 5-13 disc, 14-17 step, 18-19 enter,
20-21 walk, 22 go home. Chance outcomes use one codec per kind of chance node; each starts at 0.
"""

from __future__ import annotations

from ...core.codec import ActionCodec, Arg, Block
from .board import CUBES, DIR_NAMES, DISC_LANDINGS, NASTY_NAMES

_DIR = Arg("dir", DIR_NAMES, "diagonal direction (QB-D1)")

CODEC = ActionCodec(
    [
        Block(
            "hop",
            (_DIR,),
            "hop {dir}",
            "Q*bert",
            "hop to the neighbouring cube that way (QB-3.3), in a move or an escape",
        ),
        Block(
            "stop",
            (),
            "stop",
            "Q*bert",
            "end the move (QB-3.2) or the escape; staying put at a threat is a capture (QB-5.5)",
        ),
        Block(
            "disc",
            (
                Arg("disc", (0, 1, 2), "0: left of row 2, 1: left of row 5, 2: right of row 5 (QB-1.4)"),
                Arg("to", tuple(CUBES[c] for c in DISC_LANDINGS), "the landing cube (QB-5.8)"),
            ),
            "ride disc {disc} to {to}",
            "Q*bert",
            "during an escape, hop onto the disc beside his edge cube and fly to the top (QB-5.8)",
        ),
        Block(
            "step", (_DIR,), "step {dir}", "the nasty player", "Coily, a ball or Slick steps that way (QB-4.6, QB-4.7)"
        ),
        Block(
            "enter",
            (Arg("space", ("first", "second"), "the character's first or second entry space (QB-4.5)"),),
            "enter on the {space} entry space",
            "the nasty player",
            "a character at home enters the pyramid (QB-4.5)",
        ),
        Block(
            "walk",
            (
                Arg(
                    "way",
                    ("along", "up"),
                    "along its row, or up a row (Wrong Way: right, up-right; Ugg: left, up-left)",
                ),
            ),
            "walk {way}",
            "the nasty player",
            "Ugg or Wrong Way walks to the next face (QB-4.8)",
        ),
        Block(
            "go_home",
            (),
            "go home",
            "the nasty player",
            "a ball or Slick on the bottom row, or a face walker at the edge, steps off and goes home (QB-4.6, QB-4.8)",
        ),
    ]
)

# Action kinds: a kind's number is its block in the codec, read from the codec.
KINDS: tuple[str, ...] = tuple(CODEC.kinds())
K_HOP = KINDS.index("hop")
K_DISC = KINDS.index("disc")

# The action numbers by kind and argument, read from the codec (the engine never computes one from an offset).
HOP: tuple[int, ...] = tuple(CODEC.actions_of("hop"))  # by direction (board.DIRS order)
STOP = CODEC.start("stop")
DISC: tuple[tuple[int, ...], ...] = tuple(
    tuple(CODEC.encode("disc", disc=d, to=CUBES[c]) for c in DISC_LANDINGS) for d in range(3)
)  # DISC[disc][landing]
STEP: tuple[int, ...] = tuple(CODEC.actions_of("step"))  # by direction
ENTER: tuple[int, ...] = tuple(CODEC.actions_of("enter"))  # by entry space
WALK_ALONG = CODEC.encode("walk", way="along")
WALK_UP = CODEC.encode("walk", way="up")
GO_HOME = CODEC.start("go_home")
NUM_ACTIONS = CODEC.size

_FACE = (1, 2, 3, 4, 5, 6)
ROLL_OFF = ActionCodec(
    [
        Block(
            "roll_off",
            (Arg("p1", _FACE, "Player 1's d6"), Arg("p2", _FACE, "Player 2's d6")),
            "roll-off: Player 1 rolls {p1}, Player 2 rolls {p2}",
            "chance",
            "who is Q*bert first; ties are never drawn (QB-2.1)",
        )
    ]
)
D8 = ActionCodec(
    [Block("d8", (Arg("face", tuple(range(1, 9))),), "d8 shows {face}", "chance", "Q*bert's secret roll (QB-3.1)")]
)
CHARACTER_DIE = ActionCodec(
    [
        Block(
            "character_die",
            (Arg("character", NASTY_NAMES),),
            "character die shows {character}",
            "chance",
            "which nasty moves (QB-4.2)",
        )
    ]
)
D6 = ActionCodec([Block("d6", (Arg("face", _FACE),), "d6 shows {face}", "chance", "how far it moves (QB-4.3)")])
CHANCE_CODECS = (ROLL_OFF, D8, CHARACTER_DIE, D6)
MAX_CHANCE_OUTCOMES = max(c.size for c in CHANCE_CODECS)  # 36


def rc(c: int) -> str:
    r, i = CUBES[c]
    return f"({r},{i})"


def encoding_tables() -> str:
    """The rules document's "Action encoding" tables, generated from the codecs."""
    chance = "\n".join(codec.markdown("Outcome").split("\n", 2)[2] for codec in CHANCE_CODECS)
    head = "\n".join(ROLL_OFF.markdown("Outcome").split("\n", 2)[:2])
    return f"{CODEC.markdown()}\n\nChance outcomes, one codec per kind of chance node:\n\n{head}\n{chance}"
