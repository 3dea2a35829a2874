"""Atari's Centipede: the sequence of decisions (a mixin of the State).

Each phase names the decision being made; `_gnome_legal` / `_centipede_legal` list its legal actions and
`_apply_gnome` / `_apply_centipede` carry one out, then run the automatic steps up to the next decision or
chance node. Actions are the codec's (`actions.py`): `self._A` holds the first action of each block.
"""

from __future__ import annotations

from boardcade.core import CHANCE, TERMINAL

from .board import (
    BERSERK,
    CARD_NAMES,
    CENT_CARD_NAMES,
    COLOUR_NAMES,
    COLS,
    DIE_FACES,
    EMPTY,
    ENTRY_SQUARES,
    FLEA,
    FLEA_SPEED,
    GLITCH,
    MOVE,
    MUSH,
    MUSHROOM_CARD,
    NUM_DICE,
    RECHARGE_STEP,
    SEG,
    SEGMENTS,
    SLAM,
    SPAWN_CENT,
    SPAWN_FLEA,
    SPAWN_SPIDER,
    SPIDER,
    SPIDER_DIRS,
    SPIDER_SPEED,
    TRIGGER,
    WRIST,
    face_text,
    square_name,
)

# Phases (decisions) and chance nodes.
(
    P_SEED,
    P_SEED_CHANCE,
    P_DICEOFF,
    P_GPLACE,
    P_ROLL,
    P_DRAW,
    P_SPAWN,
    P_GCHOOSE,
    P_GSTEP,
    P_GAFTER,
    P_GWRIST,
    P_GGLITCH,
    P_BONUS,
    P_CPLAY,
    P_CFLEA,
    P_CMUSH,
    P_CBERSERK,
    P_CMOVE,
    P_CSPIDER,
    P_CDROP,
    P_CSPIDERSPAWN,
    P_OVER,
) = range(22)

PHASE_NAMES = (
    "seed mushrooms",
    "seed mushrooms (random)",
    "dice-off",
    "place gnome",
    "roll dice",
    "draw card",
    "choose spawn point",
    "choose die",
    "resolve die",
    "after die",
    "wrist control: direction",
    "glitch: mushroom to remove",
    "bonus bug move",
    "play a card",
    "flea spawn square",
    "mushroom card square",
    "berserk centipede",
    "choose bug to move",
    "spider destination",
    "flea mushroom drop",
    "spider spawn square",
    "game over",
)
CHANCE_PHASES = frozenset((P_SEED_CHANCE, P_DICEOFF, P_ROLL, P_DRAW))
GNOME_PHASES = frozenset((P_GCHOOSE, P_GSTEP, P_GAFTER, P_GWRIST, P_GGLITCH))

# What to do when a run of dice rolls ends.
AFTER_SETUP, AFTER_GNOME = 0, 1


class TurnsMixin:
    """The phase machine. Uses PiecesMixin for the board mechanics."""

    # ---- setup -------------------------------------------------------------------------------
    def _begin_setup(self) -> None:
        self._seed_cols_done = 0
        self._seed_col = -1
        self._seed_left = 3
        if self._random_setup:
            self._seed_col = 0
            self._set(P_SEED_CHANCE, CHANCE)
        else:
            self._set(P_SEED, self._lay.seeders[0])

    def _seed_squares(self) -> list[int]:
        board = self._board
        by_col = self._lay.seed_squares
        if self._seed_col >= 0:
            return [s for s in by_col[self._seed_col] if board[s] == EMPTY]
        col_mush = self._col_mush
        out = [s for c in range(COLS) if col_mush[c] == 0 for s in by_col[c] if board[s] == EMPTY]
        out.sort()
        return out

    def _seed(self, square: int) -> None:
        self._board[square] = MUSH
        self._supply -= 1
        c = square % COLS
        self._col_mush[c] += 1
        self._seed_col = c
        self._seed_left -= 1
        if not self._quiet:  # quiet mode: no text to build
            self._emit("AC-2.2", f"mushroom seeded at {square_name(square)}")
        if self._seed_left:
            return
        self._seed_cols_done += 1
        self._seed_left = 3
        if self._seed_cols_done == COLS:
            self._seed_col = -1
            self._after_seeding()
        elif self._random_setup:
            self._seed_col = self._seed_cols_done
        else:
            self._seed_col = -1
            seeders = self._lay.seeders
            self._set(P_SEED, seeders[self._seed_cols_done % len(seeders)])

    def _after_seeding(self) -> None:
        if self._lay.team_game:
            self._set(P_DICEOFF, CHANCE)
        else:
            self._placing = 0
            self._set(P_GPLACE, self._lay.gnome_seat[0])

    def _gplace_squares(self) -> list[int]:
        last = self._lay.last
        rows = [r for r in (0, last) if r not in self._gnome_at_end]
        return [r * COLS + c for r in rows for c in range(COLS)]

    def _place_gnome(self, square: int) -> None:
        g = self._placing
        row = square // COLS
        self._gnome[g] = square
        self._gend[g] = row
        self._gnome_at_end[row] = g
        self._above[g] = square + (COLS if row == 0 else -COLS)
        if not self._quiet:  # quiet mode: no text to build
            self._emit("AC-2.4", f"the {self._gnome_name(g)} takes the end at row {row}, square {square_name(square)}")
        unplaced = [h for h in range(self._lay.gnomes) if self._gnome[h] < 0]
        if unplaced:
            self._placing = unplaced[0]
            self._set(P_GPLACE, self._lay.gnome_seat[unplaced[0]])
            return
        # Centipede ends (AC-1.2, AC-11.1): each colour starts at the end opposite the Gnome it hunts.
        lay = self._lay
        for c in range(lay.colours):
            home = lay.last - self._gend[lay.enemy_gnome[c]]
            self._home[c] = home
            self._dy[c] = 1 if home == 0 else -1
            self._spawns[c] = lay.spawns[home]
        self._start_rolls(AFTER_SETUP, "AC-2.5")

    def _after_setup_roll(self) -> None:
        self._setup_colour = 0
        self._deal_next()

    def _deal_next(self) -> None:
        c = self._setup_colour
        self._c = c
        self._draws_left = 3
        self._draw_colour = c
        self._set(P_DRAW, CHANCE)

    # ---- dice --------------------------------------------------------------------------------
    def _start_rolls(self, after: int, rule: str, dice: int = NUM_DICE, text: str = "", fresh: bool = True) -> None:
        """Roll `dice` Gnome dice into the pool, one chance node each (`fresh`: the pool is emptied first)."""
        if fresh:
            self._pool = [0] * 6
        self._rolls_left = dice
        self._after_roll = after
        self._roll_rule = rule
        self._emit(rule, text or "all six Gnome dice are rolled into the Dice Pool")
        self._set(P_ROLL, CHANCE)

    def _roll(self, face: int) -> None:
        self._pool[face] += 1
        self._rolls_left -= 1
        if self._rolls_left:
            return
        pool = self._pool
        if not self._quiet:  # quiet mode: no text to build
            self._emit(
                self._roll_rule, "Dice Pool: " + "; ".join(face_text(f) for f in range(6) for _ in range(pool[f]))
            )
        if self._after_roll == AFTER_SETUP:
            self._after_setup_roll()
        else:
            self._gnome_continue()

    # ---- cards drawn ---------------------------------------------------------------------------
    def _draw(self, kind: int) -> None:
        c = self._draw_colour
        self._deck[c][kind] -= 1
        self._hand[c][kind] += 1
        owner = self._lay.cent_seat[c]
        self._card_log.append(("d", c, self._cycle[c], kind, len(self._history), len(self._events)))
        self._emit("AC-6.2", f"{COLOUR_NAMES[c]} Centipede draws {CENT_CARD_NAMES[kind]}", (owner,))
        self._emit("AC-6.2", f"{COLOUR_NAMES[c]} Centipede draws a card")
        self._draws_left -= 1
        if self._draws_left:
            return
        if self._turn_i < 0:
            self._set(P_SPAWN, owner)
        else:
            self._end_turn()

    def _start_draw(self, c: int) -> None:
        deck = self._deck[c]
        if not any(deck):
            disc = self._discard[c]
            if not any(disc):
                self._emit("AC-6.2", "no card left to draw")
                self._end_turn()
                return
            self._deck[c] = disc
            self._discard[c] = [0] * 5
            self._cycle[c] += 1
            self._emit("AC-6.2", f"{COLOUR_NAMES[c]} Centipede reshuffles its discard pile into a new deck")
        self._draws_left = 1
        self._draw_colour = c
        self._set(P_DRAW, CHANCE)

    # ---- turns -------------------------------------------------------------------------------
    def _start_play(self) -> None:
        self._turn_i = 0
        self._round = 1
        self._begin_turn()

    def _set(self, phase: int, cur: int) -> None:
        self._phase = phase
        self._cur = cur

    def _begin_turn(self) -> None:
        player, kind, idx = self._order[self._turn_i]
        if kind == 0:
            self._g = idx
            self._used_card = False
            self._die = -1
            self._die_step = 0
            self._die_used = False
            self._cur = player
            if sum(self._pool) <= 1:
                self._start_rolls(AFTER_GNOME, "AC-4.1")
            else:
                self._phase = P_GCHOOSE
        else:
            self._c = idx
            self._pending_spider = False
            for b in self._fleas:
                b[2] = False
            for b in self._spiders:
                b[2] = False
            for cent in self._cents:
                cent[3] = False
            self._cur = player
            for cent in self._cents:
                if cent[0] == idx:
                    for s in cent[1]:
                        self._check_eat(idx, s)
            for b in self._fleas + self._spiders:
                if b[1] == idx:
                    self._check_eat(idx, b[0])
            if any(self._hand[idx]):
                self._phase = P_CPLAY
            else:
                self._emit("AC-6.1", "the Centipede has no card to play")
                self._move_next()

    def _end_turn(self) -> None:
        self._turn_i += 1
        if self._turn_i == len(self._order):
            self._turn_i = 0
            self._round += 1
            if self._round > self._max_rounds:
                self._set(P_OVER, TERMINAL)
                self._finish(
                    [0.0] * self._lay.players,
                    "AC-3.5",
                    f"safety cap: {self._max_rounds} rounds played, the game is a draw",
                    capped=True,
                )
                return
        self._begin_turn()

    # ---- the Gnome's turn ----------------------------------------------------------------------
    def _gnome_continue(self) -> None:
        self._cur = self._lay.gnome_seat[self._g]
        if self._die >= 0 and self._die_step < len(DIE_FACES[self._die]):
            self._phase = P_GSTEP
        elif self._slam_pending:  # Slam the Ball was used during this die: now the die joins the pool (AC-5.4)
            self._slam_pending = False
            self._die = -1  # back in the pool: no die is in use
            text = "the die that was in use is rolled into the Dice Pool"
            self._start_rolls(AFTER_GNOME, "AC-5.4", 1, text, fresh=False)
        elif self._die_used:
            self._phase = P_GAFTER
        else:
            self._phase = P_GCHOOSE

    def _usable_cards(self) -> list[int]:
        ready = self._cards[self._g]
        use = self._A.USE
        out = []
        for k in range(4):
            if ready[k]:
                if k == GLITCH and MUSH not in self._board:
                    continue
                out.append(use + k)
        return out

    def _move_dirs(self) -> list[int]:
        col = self._gnome[self._g] % COLS
        A = self._A
        if col == 0:
            return [A.RIGHT]
        if col == COLS - 1:
            return [A.LEFT]
        return [A.LEFT, A.RIGHT]

    def _face_down(self, base: int) -> list[int]:
        cards = self._cards[self._g]
        return [base + k for k in range(4) if self._has_card(k) and not cards[k]]

    def _gnome_legal(self) -> list[int]:
        phase = self._phase
        A = self._A
        if phase == P_GWRIST:
            return self._move_dirs()
        if phase == P_GGLITCH:
            base = A.GLITCH_SQ
            return [base + s for s, cell in enumerate(self._board) if cell == MUSH]
        cards = self._usable_cards()
        if phase == P_GCHOOSE:
            base = A.DIE
            return [base + f for f in range(6) if self._pool[f]] + cards
        if phase == P_GSTEP:
            kind = DIE_FACES[self._die][self._die_step][0]
            if kind == MOVE:
                own = self._move_dirs()
            elif kind == RECHARGE_STEP:
                own = self._face_down(A.RECH) or [A.NO_RECH]
            else:
                own = [A.FIRE]
            return sorted(cards + own)
        # P_GAFTER
        out = [A.END] + cards
        if not self._used_card:
            out += self._face_down(A.RECH_END)
        return sorted(out)

    def _has_card(self, k: int) -> bool:
        return k != GLITCH or self._lay.glitch

    def _gnome_move(self, action: int, n: int, rule: str) -> None:
        g = self._g
        s = self._gnome[g]
        col = s % COLS
        d = -1 if action == self._A.LEFT else 1
        dest = max(0, min(COLS - 1, col + d * n))
        self._gnome[g] = s - col + dest
        self._above[g] += dest - col
        self._emit(
            rule, f"the {self._gnome_name(g)} moves {'left' if d < 0 else 'right'} to {square_name(s - col + dest)}"
        )

    def _gnome_fire(self, rule: str) -> None:
        g = self._g
        if self._fire(g, rule):
            self._bonus = True
            self._c = g  # the shooter's team colour (AC-11.8)
            self._set(P_BONUS, self._lay.cent_seat[g])
            return
        self._gnome_continue()

    def _apply_gnome(self, action: int) -> None:
        g = self._g
        phase = self._phase
        A = self._A
        if phase == P_GWRIST:
            self._gnome_move(action, 1, "AC-5.2")
            self._gnome_continue()
            return
        if phase == P_GGLITCH:
            self._remove_at(action - A.GLITCH_SQ, "AC-5.5", "Glitch")
            self._gnome_continue()
            return
        if A.USE <= action < A.USE + 4:
            k = action - A.USE
            self._cards[g][k] = False
            self._used_card = True
            if not self._quiet:  # quiet mode: no text to build
                self._emit("AC-5.1", f"the {self._gnome_name(g)} uses {CARD_NAMES[k]}")
            if k == WRIST:
                self._phase = P_GWRIST
            elif k == TRIGGER:
                self._gnome_fire("AC-5.3")
            elif k == SLAM:
                if 0 <= self._die and self._die_step < len(DIE_FACES[self._die]):
                    # Between a die's actions (AC-5.4): the five other dice now, the die in use when it is done.
                    self._slam_pending = True
                    self._start_rolls(
                        AFTER_GNOME,
                        "AC-5.4",
                        NUM_DICE - 1,
                        "the five other Gnome dice are rolled into the Dice Pool; the die in use follows it when "
                        "its actions are done",
                    )
                else:
                    self._die = -1  # a finished die is rerolled with the others: none is in use
                    self._start_rolls(AFTER_GNOME, "AC-5.4")
            else:
                self._phase = P_GGLITCH
            return
        if A.DIE <= action < A.DIE + 6:
            f = action - A.DIE
            self._pool[f] -= 1
            self._die = f
            self._die_step = 0
            self._die_used = True
            if not self._quiet:  # quiet mode: no text to build
                self._emit("AC-4.2", f"the {self._gnome_name(g)} activates the die showing {face_text(f)}")
            self._gnome_continue()
            return
        if phase == P_GAFTER:
            if action != A.END:
                k = action - A.RECH_END
                self._cards[g][k] = True
                self._emit("AC-5.6", f"no card used this turn: {CARD_NAMES[k]} is recharged")
            self._end_turn()
            return
        # P_GSTEP: the die's next action
        kind, n = DIE_FACES[self._die][self._die_step]
        self._die_step += 1
        if kind == MOVE:
            self._gnome_move(action, n, "AC-4.4")
            self._gnome_continue()
        elif kind == RECHARGE_STEP:
            if action != A.NO_RECH:
                k = action - A.RECH
                self._cards[g][k] = True
                self._emit("AC-4.7", f"{CARD_NAMES[k]} is recharged")
            else:
                self._emit("AC-4.7", "nothing to recharge")
            self._gnome_continue()
        else:
            self._gnome_fire("AC-4.6")

    # ---- the Centipede's turn ------------------------------------------------------------------
    def _apply_play(self, kind: int) -> None:
        c = self._c
        self._hand[c][kind] -= 1
        self._card_log.append(("p", c, self._cycle[c], kind, len(self._history), -1))
        self._emit("AC-6.1", f"{COLOUR_NAMES[c]} Centipede plays {CENT_CARD_NAMES[kind]}")
        if kind == SPAWN_CENT:
            if self._segs[c] < SEGMENTS:
                self._tucked[c] += 1
                self._emit("AC-6.6", f"Spawn Centipede tucked: all {COLOUR_NAMES[c]} bugs move +{self._tucked[c]}")
                self._phase = P_SPAWN
                return
            self._emit("AC-6.6", "every segment is on the board: no effect")
        self._discard[c][kind] += 1
        if kind == SPAWN_SPIDER:
            if self._spider_supply > 0:
                self._pending_spider = True
            else:
                self._emit("AC-6.3", "every spider is on the board: no effect")
        elif kind == SPAWN_FLEA:
            if self._flea_supply > 0 and self._flea_spawn_squares():
                self._phase = P_CFLEA
                return
            self._emit("AC-6.3", "no flea or no empty square to spawn it: no effect")
        elif kind == MUSHROOM_CARD:
            if any(self._mush_card_squares()):
                self._phase = P_CMUSH
                return
            self._emit("AC-6.7", "no mushroom to remove and none can be placed: no effect")
        elif kind == BERSERK:
            self._phase = P_CBERSERK
            return
        self._move_next()

    def _flea_spawn_squares(self) -> list[int]:
        row = self._lay.flea_row[self._home[self._c]]
        board = self._board
        return [row * COLS + k for k in range(COLS) if board[row * COLS + k] == EMPTY]

    def _mush_card_squares(self) -> tuple[list[int], list[int]]:
        """Mushrooms the Mushroom card may remove, and empty squares where it may place one (AC-6.7)."""
        board = self._board
        remove = [s for s, cell in enumerate(board) if cell == MUSH]
        place = []
        if self._supply > 0:
            near = set()
            for cent in self._cents:
                for s in cent[1]:
                    k = s % COLS
                    for dr in (-COLS, 0, COLS):
                        for dk in (-1, 0, 1):
                            if 0 <= k + dk < COLS:
                                near.add(s + dr + dk)
            spawns = self._lay.all_spawns
            for s in range(self._lay.field_lo, self._lay.field_hi):
                if board[s] == EMPTY and s not in near and s not in spawns:
                    place.append(s)
        return remove, place

    def _spider_spawn_squares(self) -> list[int]:
        board = self._board
        return [r * COLS + k for r in self._lay.field for k in (0, COLS - 1) if board[r * COLS + k] == EMPTY]

    def _bugs_to_move(self) -> list[int]:
        """Squares of the bugs still to move this turn that can move now (AC-6.1; all of them, stuck or not, with
        the option offer_stuck_bugs of rules version 2)."""
        c = self._c
        out = [cent[1][0] for cent in self._cents if cent[0] == c and not cent[3]]
        if self._offer_stuck:
            out += [b[0] for b in self._fleas if b[1] == c and not b[2]]
            out += [b[0] for b in self._spiders if b[1] == c and not b[2]]
            return out
        last_row = self._lay.last_field[self._home[c]]
        for b in self._fleas:
            if b[1] == c and not b[2] and b[0] // COLS != last_row:
                out.append(b[0])
        for b in self._spiders:
            if b[1] == c and not b[2] and not self._spider_stuck(b):
                out.append(b[0])
        return out

    def _flea_stuck(self, bug: list) -> bool:
        """A flea on the last field row before the enemy Gnome stays there (AC-9.1)."""
        return bug[0] // COLS == self._lay.last_field[self._home[bug[1]]]

    def _spider_stuck(self, bug: list) -> bool:
        """A spider with no square to move to stays where it is (AC-8): no first square of any of its lines is free
        (a field square holding nothing or a mushroom)."""
        board = self._board
        square = bug[0]
        r0 = square // COLS
        c0 = square - r0 * COLS
        last_field = self._lay.last - 1
        for dr, dc in SPIDER_DIRS:
            r = r0 + dr
            c = c0 + dc
            if 1 <= r <= last_field and 0 <= c < COLS and board[r * COLS + c] <= MUSH:
                return False
        return True

    def _move_next(self) -> None:
        """Move the next bug (AC-6.1): the player picks the order among the bugs that can move; a single one goes
        on its own. When none can, the bugs left (boxed-in spiders, fleas on their last row) stay."""
        self._cur = self._lay.cent_seat[self._c]
        todo = self._bugs_to_move()
        if len(todo) > 1:
            self._phase = P_CMOVE
            base = self._A.MOVE_BUG_SQ
            self._legal_cache = sorted(base + s for s in todo)  # what _legal_actions would compute next
        elif todo:
            self._start_bug_move(todo[0])
        else:
            c = self._c
            for b in self._fleas:
                if b[1] == c and not b[2]:
                    self._flea_stays(b)
            for b in self._spiders:
                if b[1] == c and not b[2]:
                    self._spider_stays(b)
            self._after_moves()

    def _flea_stays(self, bug: list) -> None:
        bug[2] = True
        if not self._quiet:  # quiet mode: no text to build
            self._emit("AC-9.1", f"the flea at {square_name(bug[0])} is on the last field row: it stays")

    def _spider_stays(self, bug: list) -> None:
        bug[2] = True
        if not self._quiet:  # quiet mode: no text to build
            self._emit("AC-8", f"the spider at {square_name(bug[0])} has no square to move to: it stays")

    def _after_moves(self) -> None:
        if self._pending_spider:
            self._pending_spider = False
            if self._spider_supply > 0 and self._spider_spawn_squares():
                self._phase = P_CSPIDERSPAWN
                return
            self._emit("AC-6.5", "no spider or no empty edge square: no effect")
        self._start_draw(self._c)

    def _start_bug_move(self, square: int) -> None:
        cell = self._board[square]
        if cell == SEG:
            for cent in self._cents:
                if cent[1][0] == square:
                    self._move_centipede(cent)
                    break
            self._after_bug_move()
        elif cell == SPIDER:
            bug = next(b for b in self._spiders if b[0] == square)
            targets = self._spider_targets(square, self._spider_speed(bug))
            if targets:
                self._moving = bug
                self._spider_to = targets  # the board stays as it is until the spider has moved
                self._phase = P_CSPIDER
            else:  # it must move when it can (AC-8); boxed in, it stays
                self._spider_stays(bug)
                self._after_bug_move()
        else:
            bug = next(b for b in self._fleas if b[0] == square)
            if self._flea_stuck(bug):
                self._flea_stays(bug)
                self._after_bug_move()
                return
            self._moving = bug
            self._flea_left = FLEA_SPEED + self._tucked[bug[1]]
            bug[2] = True
            if not self._quiet:  # quiet mode: no text to build
                self._emit("AC-9.1", f"the flea at {square_name(square)} moves")
            self._flea_advance()

    def _spider_speed(self, bug: list) -> int:
        return SPIDER_SPEED + self._tucked[bug[1]]

    def _flea_advance(self) -> None:
        bug = self._moving
        last_row = self._lay.last_field[self._home[bug[1]]]
        if self._flea_left <= 0 or bug[0] // COLS == last_row:
            self._after_bug_move()
            return
        self._flea_left -= 1
        self._flea_from = self._flea_step(bug)
        if self._supply > 0:
            self._phase = P_CDROP
        else:
            self._flea_advance()

    def _after_bug_move(self) -> None:
        self._moving = None
        if self._bonus:
            self._bonus = False
            self._gnome_continue()
        else:
            self._move_next()

    def _centipede_legal(self) -> list[int]:
        phase = self._phase
        c = self._c
        A = self._A
        if phase == P_CPLAY:
            base = A.PLAY
            hand = self._hand[c]
            return [base + k for k in range(5) if hand[k]]
        if phase == P_CFLEA:
            base = A.SPAWN_F
            return [base + s % COLS for s in self._flea_spawn_squares()]
        if phase == P_CMUSH:
            remove, place = self._mush_card_squares()
            return [A.RM_MUSH_SQ + s for s in remove] + [A.PL_MUSH_SQ + s for s in place]
        if phase == P_CBERSERK:
            base = A.BERSERK_SQ
            return sorted(base + cent[1][0] for cent in self._cents if cent[0] == c)
        if phase == P_CMOVE:
            base = A.MOVE_BUG_SQ
            return sorted(base + s for s in self._bugs_to_move())
        if phase == P_CSPIDER:
            base = A.SPIDER_SQ
            return [base + s for s in self._spider_to]
        if phase == P_CDROP:
            return [A.DROP, A.NO_DROP]
        if phase == P_CSPIDERSPAWN:
            return [A.spawn_spider(s) for s in self._spider_spawn_squares()]
        if phase == P_BONUS:
            every = self._offer_stuck
            own = [cent[1][0] for cent in self._cents if cent[0] == c]
            own += [b[0] for b in self._fleas if b[1] == c and (every or not self._flea_stuck(b))]
            own += [b[0] for b in self._spiders if b[1] == c and (every or not self._spider_stuck(b))]
            base = A.BONUS_SQ
            return sorted(base + s for s in own) + [A.DECLINE]
        if phase == P_SPAWN:
            return [A.SPAWN_C, A.SPAWN_C + 1]
        return []

    def _apply_centipede(self, action: int) -> None:
        phase = self._phase
        c = self._c
        A = self._A
        if phase == P_CPLAY:
            self._apply_play(action - A.PLAY)
        elif phase == P_SPAWN:
            self._spawn_centipede(self._spawns[c][action - A.SPAWN_C])
        elif phase == P_CFLEA:
            square = self._lay.flea_row[self._home[c]] * COLS + action - A.SPAWN_F
            self._flea_supply -= 1
            self._fleas.append([square, c, False])
            self._board[square] = FLEA
            self._bcol[square] = c
            if not self._quiet:  # quiet mode: no text to build
                self._emit("AC-6.4", f"flea spawned at {square_name(square)}")
            self._check_eat(c, square)
            self._move_next()
        elif phase == P_CMUSH:
            if action < A.RM_MUSH_SQ + self._lay.field_hi:  # the remove block comes first
                self._remove_at(action - A.RM_MUSH_SQ, "AC-6.7", "Mushroom card")
            else:
                self._place_mushroom(action - A.PL_MUSH_SQ, "AC-6.7", "Mushroom card")
            self._move_next()
        elif phase == P_CBERSERK:
            head = action - A.BERSERK_SQ
            cent = next(x for x in self._cents if x[1][0] == head)
            if not self._quiet:  # quiet mode: no text to build
                self._emit("AC-6.8", f"Berserk! the centipede at {square_name(head)} leaps two rows")
            self._cent_step(cent, drop=True)
            self._cent_step(cent, drop=True)
            self._move_next()
        elif phase == P_CMOVE:
            self._start_bug_move(action - A.MOVE_BUG_SQ)
        elif phase == P_CSPIDER:
            self._move_spider(self._moving, action - A.SPIDER_SQ)
            self._after_bug_move()
        elif phase == P_CDROP:
            if action == A.DROP:
                self._place_mushroom(self._flea_from, "AC-9.2", "dropped by a flea")
            else:
                if not self._quiet:  # quiet mode: no text to build
                    self._emit("AC-9.2", f"the flea drops no mushroom at {square_name(self._flea_from)}")
            self._flea_advance()
        elif phase == P_CSPIDERSPAWN:
            square = A.spawn_spider_square(action)
            self._spider_supply -= 1
            self._spiders.append([square, c, True])
            self._board[square] = SPIDER
            self._bcol[square] = c
            if not self._quiet:  # quiet mode: no text to build
                self._emit("AC-6.5", f"spider spawned at {square_name(square)}")
            self._check_eat(c, square)
            self._start_draw(c)
        elif phase == P_BONUS:
            if action == A.DECLINE:
                self._bonus = False
                self._emit("AC-11.8", "the bonus bug move is declined")
                self._gnome_continue()
            else:
                square = action - A.BONUS_SQ
                if not self._quiet:  # quiet mode: no text to build
                    self._emit("AC-11.8", f"bonus move for the bug at {square_name(square)}")
                self._start_bug_move(square)

    def _spawn_centipede(self, spawn: int) -> None:
        c = self._c
        length = SEGMENTS - self._segs[c]
        self._emit(
            "AC-2.7" if self._turn_i < 0 else "AC-6.6", f"a centipede of {length} enters at {square_name(spawn)}"
        )
        self._enter_centipede(c, spawn, length, ENTRY_SQUARES)
        if self._turn_i < 0:
            self._setup_colour += 1
            if self._setup_colour < self._lay.colours:
                self._deal_next()
            else:
                self._start_play()
            return
        self._move_next()
