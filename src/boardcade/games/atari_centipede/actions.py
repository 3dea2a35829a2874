"""Atari's Centipede: every player action and chance outcome, declared as action codecs (data).

A square is given by its `row` and `col` arguments. The codec depends on the board's length (`field_rows`), so
it is built per length and cached, with `Actions`: each kind's action numbers by argument, read from the codec,
so the engine never does arithmetic on action numbers.
"""

from __future__ import annotations

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


class Actions:
    """A board's action codec and the action numbers of each kind by argument, read from the codec once (the engine
    never computes an action from an offset): a tuple by the argument's position for most kinds, a list by square
    number (-1 where there is none) for the kinds whose arguments are a square's row and column."""

    __slots__ = (
        "codec",
        "seed_codec",
        "die",
        "use_card",
        "move",
        "fire",
        "recharge",
        "no_recharge",
        "end_turn",
        "recharge_and_end",
        "glitch",
        "play",
        "spawn_centipede",
        "spawn_flea",
        "spawn_spider",
        "remove_mushroom",
        "place_mushroom",
        "berserk",
        "move_bug",
        "spider_to",
        "drop_mushroom",
        "no_mushroom",
        "bonus_move",
        "decline_bonus",
        "seed",
        "place_gnome",
    )

    def __init__(self, lay: Layout):
        codec = self.codec = ActionCodec(_blocks(lay))
        self.seed_codec = ActionCodec(
            [Block("seed_mushroom", (Arg("row", lay.field),), "a mushroom seeded in row {row}", CHANCE_ACTOR, "AC-2.3")]
        )

        def by_arg(kind: str) -> tuple[int, ...]:
            return tuple(codec.actions_of(kind))

        def by_square(kind: str) -> list[int]:
            table = [-1] * lay.nsq
            for a in codec.actions_of(kind):
                args = codec.decode(a).args
                table[args["row"] * COLS + args["col"]] = a
            return table

        self.die = by_arg("die")  # by face index
        self.use_card = by_arg("use_card")  # by Gnome Control card
        self.move = by_arg("move")  # (left, right)
        self.fire = codec.start("fire")
        self.recharge = by_arg("recharge")
        self.no_recharge = codec.start("no_recharge")
        self.end_turn = codec.start("end_turn")
        self.recharge_and_end = by_arg("recharge_and_end")
        self.glitch = by_square("glitch")
        self.play = by_arg("play")  # by Centipede card
        self.spawn_centipede = by_arg("spawn_centipede")  # (column 0, column 8)
        self.spawn_flea = by_arg("spawn_flea")  # by column
        self.spawn_spider = by_square("spawn_spider")
        self.remove_mushroom = by_square("remove_mushroom")
        self.place_mushroom = by_square("place_mushroom")
        self.berserk = by_square("berserk")
        self.move_bug = by_square("move_bug")
        self.spider_to = by_square("spider_to")
        self.drop_mushroom = codec.start("drop_mushroom")
        self.no_mushroom = codec.start("no_mushroom")
        self.bonus_move = by_square("bonus_move")
        self.decline_bonus = codec.start("decline_bonus")
        self.seed = by_square("seed")
        self.place_gnome = by_square("place_gnome")


@cache
def acts_for(lay: Layout) -> Actions:
    return Actions(lay)


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
