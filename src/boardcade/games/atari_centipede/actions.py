"""Atari's Centipede: every player action and chance outcome, declared as action codecs (data).

A square is given by its `row` and `col` arguments. The codec depends on the board's length (`field_rows`), so
it is built per length and cached; `Acts` holds the first action of each block (and, for blocks of field
squares, the offset that turns a square number into its action: `action = offset + square`), taken once from
`codec.start(kind)` so the engine never does its own range arithmetic on labels or numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from boardcade.core import ActionCodec, Arg, Block, arg_range

from .board import CARD_NAMES, CENT_CARD_NAMES, COLS, DIE_FACES, FACE_TEXTS, Layout

GNOME = "Gnome"
CENTIPEDE = "Centipede player"
CHANCE_ACTOR = "chance"
FACES = tuple(range(1, len(DIE_FACES) + 1))
DIRS = ("left", "right")
SPAWN_COLS = (0, COLS - 1)


def _field(lay: Layout) -> tuple[Arg, Arg]:
    return (Arg("row", lay.field, "a field row"), arg_range("col", COLS, doc="a column"))


def _blocks(lay: Layout) -> list[Block]:
    field = _field(lay)
    card = (Arg("card", CARD_NAMES),)
    return [
        # The Gnome's turn (AC-4, AC-5).
        Block("die", (Arg("face", FACES),), "activate the die showing face {face}", GNOME,
              "choose a die of the pool; its actions follow one by one (AC-4.2; faces in AC-4.3 order)"),
        Block("use_card", card, "use {card}", GNOME, "use a face-up Gnome Control card (AC-5.1 to AC-5.5)"),
        Block("move", (Arg("dir", DIRS),), "move {dir}", GNOME,
              "the die's move, or Wrist Control's one square, toward column 0 or column 8 (AC-4.4, AC-5.2)"),
        Block("fire", (), "fire", GNOME, "the die's fire action (AC-4.6)"),
        Block("recharge", card, "recharge {card}", GNOME, "the die's recharge action (AC-4.7)"),
        Block("no_recharge", (), "nothing to recharge", GNOME, "the die's recharge action with every card face up"),
        Block("end_turn", (), "end the turn", GNOME, "end the Gnome's turn after the die"),
        Block("recharge_and_end", card, "recharge {card} and end the turn", GNOME,
              "no card was used this turn: recharge one and end the turn (AC-5.6)"),
        Block("glitch", field, "Glitch: remove the mushroom at r{row}c{col}", GNOME, "Glitch's target (AC-5.5)"),
        # The Centipede's turn (AC-6 to AC-9, AC-11.8).
        Block("play", (Arg("card", CENT_CARD_NAMES),), "play {card}", CENTIPEDE, "play a card from the hand (AC-6.1)"),
        Block("spawn_centipede", (Arg("col", SPAWN_COLS),), "enter at the spawn point in column {col}", CENTIPEDE,
              "the spawn point a new centipede enters through (AC-2.7, AC-6.6)"),
        Block("spawn_flea", (arg_range("col", COLS),), "spawn a flea in column {col}", CENTIPEDE,
              "Spawn Flea: the column on the side's flea row (AC-6.4)"),
        Block("spawn_spider", (Arg("row", lay.field), Arg("col", SPAWN_COLS)), "spawn a spider at r{row}c{col}",
              CENTIPEDE, "Spawn Spider: an empty edge square (AC-6.5)"),
        Block("remove_mushroom", field, "remove the mushroom at r{row}c{col}", CENTIPEDE,
              "Mushroom card: remove a mushroom (AC-6.7)"),
        Block("place_mushroom", field, "place a mushroom at r{row}c{col}", CENTIPEDE,
              "Mushroom card: place a mushroom (AC-6.7)"),
        Block("berserk", field, "Berserk! with the centipede whose head is at r{row}c{col}", CENTIPEDE,
              "the centipede that leaps (AC-6.8)"),
        Block("move_bug", field, "move the bug at r{row}c{col}", CENTIPEDE,
              "the next bug to move: a centipede head, flea or spider (AC-6.1)"),
        Block("spider_to", field, "move the spider to r{row}c{col}", CENTIPEDE, "the spider's destination (AC-8)"),
        Block("drop_mushroom", (), "drop a mushroom where the flea left", CENTIPEDE, "AC-9.2"),
        Block("no_mushroom", (), "no mushroom", CENTIPEDE, "AC-9.2: drop nothing"),
        Block("bonus_move", field, "bonus move for the bug at r{row}c{col}", CENTIPEDE,
              "after the team's Gnome shot the other Gnome (AC-11.8)"),
        Block("decline_bonus", (), "decline the bonus move", CENTIPEDE, "AC-11.8"),
        # Setup (AC-2).
        Block("seed", field, "seed a mushroom at r{row}c{col}", "seeding player", "AC-2.2"),
        Block("place_gnome", (Arg("row", (0, lay.last)), arg_range("col", COLS)), "place the Gnome at r{row}c{col}",
              GNOME, "its end and starting square (AC-2.4, AC-11.3)"),
    ]  # fmt: skip


@dataclass(frozen=True)
class Acts:
    """First actions of the blocks (`X_SQ` = block start minus the first field square: `action = X_SQ + square`)."""

    codec: ActionCodec
    seed_codec: ActionCodec
    DIE: int
    USE: int
    LEFT: int
    RIGHT: int
    FIRE: int
    RECH: int
    NO_RECH: int
    END: int
    RECH_END: int
    GLITCH_SQ: int
    PLAY: int
    SPAWN_C: int
    SPAWN_F: int
    SPAWN_S: int
    RM_MUSH_SQ: int
    PL_MUSH_SQ: int
    BERSERK_SQ: int
    MOVE_BUG_SQ: int
    SPIDER_SQ: int
    DROP: int
    NO_DROP: int
    BONUS_SQ: int
    DECLINE: int
    SEED_SQ: int
    PLACE_G: int
    last: int

    def spawn_spider(self, square: int) -> int:
        r, c = divmod(square, COLS)
        return self.SPAWN_S + 2 * (r - 1) + (0 if c == 0 else 1)

    def spawn_spider_square(self, action: int) -> int:
        i, side = divmod(action - self.SPAWN_S, 2)
        return (i + 1) * COLS + (0 if side == 0 else COLS - 1)

    def place_gnome(self, square: int) -> int:
        r, c = divmod(square, COLS)
        return self.PLACE_G + (0 if r == 0 else COLS) + c

    def place_gnome_square(self, action: int) -> int:
        end, c = divmod(action - self.PLACE_G, COLS)
        return (0 if end == 0 else self.last) * COLS + c


@cache
def acts_for(lay: Layout) -> Acts:
    codec = ActionCodec(_blocks(lay))
    seed_codec = ActionCodec(
        [Block("seed_mushroom", (Arg("row", lay.field),), "a mushroom seeded in row {row}", CHANCE_ACTOR, "AC-2.3")]
    )
    s = codec.start
    lo = lay.field_lo
    return Acts(
        codec=codec,
        seed_codec=seed_codec,
        DIE=s("die"),
        USE=s("use_card"),
        LEFT=s("move"),
        RIGHT=s("move") + 1,
        FIRE=s("fire"),
        RECH=s("recharge"),
        NO_RECH=s("no_recharge"),
        END=s("end_turn"),
        RECH_END=s("recharge_and_end"),
        GLITCH_SQ=s("glitch") - lo,
        PLAY=s("play"),
        SPAWN_C=s("spawn_centipede"),
        SPAWN_F=s("spawn_flea"),
        SPAWN_S=s("spawn_spider"),
        RM_MUSH_SQ=s("remove_mushroom") - lo,
        PL_MUSH_SQ=s("place_mushroom") - lo,
        BERSERK_SQ=s("berserk") - lo,
        MOVE_BUG_SQ=s("move_bug") - lo,
        SPIDER_SQ=s("spider_to") - lo,
        DROP=s("drop_mushroom"),
        NO_DROP=s("no_mushroom"),
        BONUS_SQ=s("bonus_move") - lo,
        DECLINE=s("decline_bonus"),
        SEED_SQ=s("seed") - lo,
        PLACE_G=s("place_gnome"),
        last=lay.last,
    )


# Chance nodes: one codec per kind (each a single block starting at 0).
ROLL = ActionCodec(
    [Block("roll", (Arg("face", FACES),), "a die shows face {face}", CHANCE_ACTOR, "one Gnome die (AC-2.5, AC-4.1)")]
)
DRAW = ActionCodec(
    [Block("draw", (Arg("card", CENT_CARD_NAMES),), "draw {card}", CHANCE_ACTOR, "a Centipede card (AC-6.2)")]
)
DICE_OFF = ActionCodec(
    [
        Block(
            "dice_off",
            (Arg("team_a", FACES), Arg("team_b", FACES)),
            "dice-off: the red team rolls {team_a}, the blue team rolls {team_b}",
            CHANCE_ACTOR,
            "both Gnomes roll a die (AC-11.3)",
        )
    ]
)


def die_label(face_index: int) -> str:
    return f"activate the die: {FACE_TEXTS[face_index]}"


def encoding_tables(lay: Layout) -> str:
    """The rules document's action tables for a board: player actions, then one table per kind of chance node."""
    acts = acts_for(lay)
    chance = "\n\n".join(c.markdown("Outcome") for c in (ROLL, DRAW, acts.seed_codec, DICE_OFF))
    return f"{acts.codec.markdown()}\n\nChance outcomes, one codec per kind of chance node:\n\n{chance}"
