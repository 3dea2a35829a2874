"""Milton Bradley Centipede's actions as data: the player-action codec and the spinner's chance codec.

The player actions are blocks of a kind with named arguments (`boardcade.core.codec`), laid end to end:
gun positions, revivals, the shortcut decision, FREE CHOICE picks, Spider and Scorpion moves, and the pass
on SPIDER/SCORPION. How many gun positions, poison spaces and Spider Spaces there are comes from the board
layout, so `make_codec` builds the codec for a layout's sizes (the default board: 11, 10 and 4, giving the
51 actions of the rules document's table). Chance outcomes have a codec of their own: one spin.
"""

from __future__ import annotations

from functools import lru_cache

from boardcade.core import ActionCodec, Arg, Block, arg_range

SECTORS = ("GUN", "CENTIPEDE", "SPIDER/SCORPION", "FREE CHOICE")
SPIN_GUN, SPIN_CENTIPEDE, SPIN_PIECES, SPIN_FREE = range(4)
SEGMENTS = 6
CHOICES = ("gun", "centipede", "spider_scorpion")
CHOOSE_GUN, CHOOSE_CENTIPEDE, CHOOSE_PIECES = range(3)

SPIN = ActionCodec(
    [
        Block(
            "spin",
            (Arg("sector", SECTORS),),
            label="the spinner shows {sector}",
            actor="chance",
            doc="one spin starts every turn (MB-2.1); sectors weighted by `spinner_weights` (MB-2.2)",
        )
    ]
)


class Actions:
    """The action numbers of a codec, by kind and argument (read from the codec once, so that the engine never
    computes an action from an offset)."""

    __slots__ = (
        "gun",
        "revive",
        "revive_none",
        "shortcut",
        "no_shortcut",
        "choose",
        "spider_den",
        "spider_poison",
        "spider_space",
        "spider_attack",
        "scorpion_hollow",
        "scorpion_poison",
        "pass_",
    )

    def __init__(self, codec: ActionCodec):
        self.gun = tuple(codec.actions_of("gun"))  # by Firing Line position
        self.revive = tuple(codec.actions_of("revive"))  # by segment
        self.revive_none = codec.start("revive_none")
        self.shortcut = codec.start("shortcut")
        self.no_shortcut = codec.start("no_shortcut")
        self.choose = tuple(codec.actions_of("choose"))  # by CHOICES
        self.spider_den = codec.start("spider_den")
        self.spider_poison = tuple(codec.actions_of("spider_poison"))  # by poison space
        self.spider_space = tuple(codec.actions_of("spider_space"))  # by Spider Space
        self.spider_attack = codec.start("spider_attack")
        self.scorpion_hollow = codec.start("scorpion_hollow")
        self.scorpion_poison = tuple(codec.actions_of("scorpion_poison"))  # by poison space
        self.pass_ = codec.start("pass")


@lru_cache(maxsize=8)
def make_codec(guns: int = 11, poison: int = 10, spider_spaces: int = 4) -> ActionCodec:
    """The player-action codec for a board with these numbers of gun positions (per Firing Line), poison
    mushroom spaces and Spider Spaces."""
    return ActionCodec(
        [
            Block(
                "gun",
                (arg_range("position", guns, doc="Firing Line position, 0 = top"),),
                actor="player who spun GUN",
                doc="move your gun to this (different) position of your Firing Line, then fire (MB-3.1)",
            ),
            Block(
                "revive",
                (arg_range("segment", SEGMENTS, doc="0 = head, 1-5 = body"),),
                actor="shooter",
                doc="after hitting the opponent's centipede: turn one of your dead segments live (MB-3.3)",
            ),
            Block("revive_none", actor="shooter", doc="revive nothing (MB-3.3)"),
            Block("shortcut", actor="mover", doc="take the shortcut across the poison mushroom ahead (MB-5.2)"),
            Block("no_shortcut", actor="mover", doc="decline it: enter the poison mushroom space (MB-5.3)"),
            Block(
                "choose",
                (Arg("option", CHOICES),),
                actor="player who spun FREE CHOICE",
                doc="carry out GUN, CENTIPEDE or SPIDER/SCORPION (MB-8.1)",
            ),
            Block("spider_den", actor="player moving the Spider", doc="Spider back to its Den (MB-7.2)"),
            Block(
                "spider_poison",
                (arg_range("space", poison, doc="poison space number"),),
                actor="player moving the Spider",
                doc="Spider onto the poison mushroom on this poison space (MB-7.3)",
            ),
            Block(
                "spider_space",
                (arg_range("space", spider_spaces, doc="Spider Space number"),),
                actor="player moving the Spider",
                doc="Spider onto this Spider Space beside the opponent's Firing Line (MB-7.4)",
            ),
            Block(
                "spider_attack",
                actor="player moving the Spider",
                doc="Spider jumps from its Spider Space onto the opponent's gun; spin again (MB-7.4)",
            ),
            Block("scorpion_hollow", actor="player moving the Scorpion", doc="Scorpion back to its Hollow (MB-7.7)"),
            Block(
                "scorpion_poison",
                (arg_range("space", poison, doc="poison space number"),),
                actor="player moving the Scorpion",
                doc="Scorpion onto this empty poison space, with a poison mushroom under it (MB-7.7)",
            ),
            Block(
                "pass",
                actor="player who spun SPIDER/SCORPION",
                doc="move neither the Spider nor the Scorpion (MB-7.9)",
            ),
        ]
    )


# Action kinds: a kind's number is its block in the codec (the same for every board), read from the codec.
KINDS: tuple[str, ...] = tuple(make_codec().kinds())
K_GUN = KINDS.index("gun")
K_REVIVE = KINDS.index("revive")
K_REVIVE_NONE = KINDS.index("revive_none")
K_SHORTCUT = KINDS.index("shortcut")
K_NO_SHORTCUT = KINDS.index("no_shortcut")
K_CHOOSE = KINDS.index("choose")
K_SPIDER_DEN = KINDS.index("spider_den")
K_SPIDER_POISON = KINDS.index("spider_poison")
K_SPIDER_SPACE = KINDS.index("spider_space")
K_SPIDER_ATTACK = KINDS.index("spider_attack")
K_SCORPION_HOLLOW = KINDS.index("scorpion_hollow")
K_SCORPION_POISON = KINDS.index("scorpion_poison")
K_PASS = KINDS.index("pass")
