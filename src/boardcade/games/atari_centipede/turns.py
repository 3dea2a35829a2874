"""Atari's Centipede: the sequence of decisions (a mixin of the State).

Each phase names the decision being made; `_legal_for_phase` lists its legal actions and `_apply_in_phase`
carries one out, then runs the automatic steps up to the next decision or chance node.
"""

from __future__ import annotations

from boardcade.core import CHANCE, TERMINAL

from .board import (
    BERSERK,
    CARD_NAMES,
    CENT_CARD_NAMES,
    COLS,
    DIE_BASE,
    DIE_FACES,
    DROP,
    EMPTY,
    END_TURN,
    ENTRY_SQUARES,
    FIRE,
    FLEA,
    FLEA_SPEED,
    GLITCH,
    LEFT,
    MOVE,
    MUSH,
    MUSHROOM_CARD,
    NUM_DICE,
    PLAY_BASE,
    RECHARGE_BASE,
    RECHARGE_STEP,
    RIGHT,
    ROWS,
    SEG,
    SEGMENTS,
    SKIP,
    SLAM,
    SPAWN_CENT,
    SPAWN_FLEA,
    SPAWN_SPIDER,
    SPIDER,
    SPIDER_SPEED,
    TRIGGER,
    USE_BASE,
    WRIST,
    face_text,
    spawn_points,
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
            self._set(P_SEED, self._seeder())

    def _seeder(self) -> int:
        """Seeding alternates, Centipede side first (AC-2.2); in 4 players by team, team A first (AC-11.2)."""
        k = self._seed_cols_done % 2
        if self._n == 2:
            return 1 - k
        return 1 + 2 * k

    def _seed_squares(self) -> list[int]:
        board = self.board
        spawns = self._all_spawns
        cols = [self._seed_col] if self._seed_col >= 0 else [c for c in range(COLS) if self._col_mush[c] == 0]
        out = []
        for c in cols:
            for r in range(1, ROWS - 1):
                s = r * COLS + c
                if board[s] == EMPTY and s not in spawns:
                    out.append(s)
        out.sort()
        return out

    def _seed(self, square: int) -> None:
        self.board[square] = MUSH
        self.supply -= 1
        c = square % COLS
        self._col_mush[c] += 1
        self._seed_col = c
        self._seed_left -= 1
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
            self._set(P_SEED, self._seeder())

    def _after_seeding(self) -> None:
        if self._n == 2:
            self._set(P_GPLACE, 0)
            self._placing = 0
        else:
            self._set(P_DICEOFF, CHANCE)

    def _gplace_squares(self) -> list[int]:
        rows = [r for r in (0, ROWS - 1) if r not in self._gnome_at_end]
        return [r * COLS + c for r in rows for c in range(COLS)]

    def _place_gnome(self, square: int) -> None:
        g = self._placing
        row = square // COLS
        self.gnome[g] = square
        self.gend[g] = row
        self._gnome_at_end[row] = g
        self._above[g] = square + (COLS if row == 0 else -COLS)
        self._emit("AC-2.4", f"the {self._gnome_name(g)} takes the end at row {row}, square {square_name(square)}")
        if self._n == 4 and self.gnome[1 - g] < 0:
            self._placing = 1 - g
            self._set(P_GPLACE, self._gplayer[1 - g])
            return
        # Centipede ends (AC-1.2, AC-11.1): in 2 players the far end; in 4 the team's own end.
        for c in range(self._ncol):
            home = (ROWS - 1 - self.gend[0]) if self._n == 2 else self.gend[c]
            self._home[c] = home
            self._dy[c] = 1 if home == 0 else -1
            self._spawns[c] = spawn_points(home)
        self._start_rolls(AFTER_SETUP, "AC-2.5")

    def _after_setup_roll(self) -> None:
        self._setup_colour = 0
        self._deal_next()

    def _deal_next(self) -> None:
        c = self._setup_order[self._setup_colour]
        self._c = c
        self._draws_left = 3
        self._draw_colour = c
        self._set(P_DRAW, CHANCE)

    # ---- dice --------------------------------------------------------------------------------
    def _start_rolls(self, after: int, rule: str) -> None:
        self.pool = [0] * 6
        self._rolls_left = NUM_DICE
        self._after_roll = after
        self._emit(rule, "all six Gnome dice are rolled into the Dice Pool")
        self._set(P_ROLL, CHANCE)

    def _roll(self, face: int) -> None:
        self.pool[face] += 1
        self._rolls_left -= 1
        if self._rolls_left:
            return
        self._emit("AC-4.1", "Dice Pool: " + "; ".join(face_text(f) for f in range(6) for _ in range(self.pool[f])))
        if self._after_roll == AFTER_SETUP:
            self._after_setup_roll()
        else:
            self._gnome_continue()

    # ---- cards drawn ---------------------------------------------------------------------------
    def _draw(self, kind: int) -> None:
        c = self._draw_colour
        self.deck[c][kind] -= 1
        self.hand[c][kind] += 1
        owner = self._cplayer[c]
        self._card_log.append(("d", c, self._cycle[c], kind, len(self._history), len(self._events)))
        self._emit("AC-6.2", f"{self._colour_name(c)} Centipede draws {CENT_CARD_NAMES[kind]}", (owner,))
        self._emit("AC-6.2", f"{self._colour_name(c)} Centipede draws a card")
        self._draws_left -= 1
        if self._draws_left:
            return
        if self._turn_i < 0:
            self._set(P_SPAWN, self._cplayer[c])
        else:
            self._end_turn()

    def _start_draw(self, c: int) -> None:
        deck = self.deck[c]
        if not any(deck):
            disc = self.discard[c]
            if not any(disc):
                self._emit("AC-6.2", "no card left to draw")
                self._end_turn()
                return
            self.deck[c] = disc
            self.discard[c] = [0] * 5
            self._cycle[c] += 1
            self._emit("AC-6.2", f"{self._colour_name(c)} Centipede reshuffles its discard pile into a new deck")
        self._draws_left = 1
        self._draw_colour = c
        self._set(P_DRAW, CHANCE)

    # ---- turns -------------------------------------------------------------------------------
    def _start_play(self) -> None:
        self._turn_i = 0
        self.round = 1
        self._begin_turn()

    def _set(self, phase: int, cur: int) -> None:
        self.phase = phase
        self._cur = cur

    def _begin_turn(self) -> None:
        player, kind, idx = self._order[self._turn_i]
        if kind == 0:
            self._g = idx
            self._used_card = False
            self._die = -1
            self._die_step = 0
            self._cur = player
            if sum(self.pool) <= 1:
                self._start_rolls(AFTER_GNOME, "AC-4.1")
            else:
                self.phase = P_GCHOOSE
        else:
            self._c = idx
            self._pending_spider = False
            for b in self.fleas:
                b[2] = False
            for b in self.spiders:
                b[2] = False
            for cent in self.cents:
                cent[3] = False
            self._cur = player
            for cent in self.cents:
                if cent[0] == idx:
                    for s in cent[1]:
                        self._check_eat(idx, s)
            for b in self.fleas + self.spiders:
                if b[1] == idx:
                    self._check_eat(idx, b[0])
            if any(self.hand[idx]):
                self.phase = P_CPLAY
            else:
                self._emit("AC-6.1", "the Centipede has no card to play")
                self._move_next()

    def _end_turn(self) -> None:
        self._turn_i += 1
        if self._turn_i == len(self._order):
            self._turn_i = 0
            self.round += 1
            if self.round > self._max_rounds:
                self._cap = True
                self._emit("AC-3.5", f"safety cap: {self._max_rounds} rounds played, the game is a draw")
                self._set(P_OVER, TERMINAL)
                return
        self._begin_turn()

    # ---- the Gnome's turn ----------------------------------------------------------------------
    def _gnome_continue(self) -> None:
        self._cur = self._gplayer[self._g]
        if self._die < 0:
            self.phase = P_GCHOOSE
        elif self._die_step < len(DIE_FACES[self._die]):
            self.phase = P_GSTEP
        else:
            self.phase = P_GAFTER

    def _usable_cards(self) -> list[int]:
        ready = self.cards[self._g]
        out = []
        for k in range(4):
            if ready[k]:
                if k == GLITCH and MUSH not in self.board:
                    continue
                out.append(USE_BASE + k)
        return out

    def _move_dirs(self) -> list[int]:
        col = self.gnome[self._g] % COLS
        if col == 0:
            return [RIGHT]
        if col == COLS - 1:
            return [LEFT]
        return [LEFT, RIGHT]

    def _gnome_legal(self) -> list[int]:
        phase = self.phase
        if phase == P_GWRIST:
            return self._move_dirs()
        if phase == P_GGLITCH:
            return [s for s, cell in enumerate(self.board) if cell == MUSH]
        cards = self._usable_cards()
        if phase == P_GCHOOSE:
            return [DIE_BASE + f for f in range(6) if self.pool[f]] + cards
        if phase == P_GSTEP:
            kind = DIE_FACES[self._die][self._die_step][0]
            if kind == MOVE:
                own = self._move_dirs()
            elif kind == RECHARGE_STEP:
                own = [RECHARGE_BASE + k for k in range(4) if self._has_card(k) and not self.cards[self._g][k]]
                own = own or [SKIP]
            else:
                own = [FIRE]
            return sorted(own + cards)
        # P_GAFTER
        out = [END_TURN] + cards
        if not self._used_card:
            out += [RECHARGE_BASE + k for k in range(4) if self._has_card(k) and not self.cards[self._g][k]]
        return sorted(out)

    def _has_card(self, k: int) -> bool:
        return self._n == 2 or k != GLITCH

    def _gnome_move(self, action: int, n: int, rule: str) -> None:
        g = self._g
        s = self.gnome[g]
        col = s % COLS
        d = -1 if action == LEFT else 1
        dest = max(0, min(COLS - 1, col + d * n))
        self.gnome[g] = s - col + dest
        self._above[g] += dest - col
        self._emit(
            rule, f"the {self._gnome_name(g)} moves {'left' if d < 0 else 'right'} to {square_name(s - col + dest)}"
        )

    def _gnome_fire(self, rule: str) -> None:
        g = self._g
        if self._fire(g, rule):
            team = g
            self._bonus = True
            self._c = team
            self._set(P_BONUS, self._cplayer[team])
            return
        self._gnome_continue()

    def _apply_gnome(self, action: int) -> None:
        g = self._g
        phase = self.phase
        if phase == P_GWRIST:
            self._gnome_move(action, 1, "AC-5.2")
            self._gnome_continue()
            return
        if phase == P_GGLITCH:
            self._remove_at(action, "AC-5.5", "Glitch")
            self._gnome_continue()
            return
        if USE_BASE <= action < RECHARGE_BASE:
            k = action - USE_BASE
            self.cards[g][k] = False
            self._used_card = True
            self._emit("AC-5.1", f"the {self._gnome_name(g)} uses {CARD_NAMES[k]}")
            if k == WRIST:
                self.phase = P_GWRIST
            elif k == TRIGGER:
                self._gnome_fire("AC-5.3")
            elif k == SLAM:
                self._start_rolls(AFTER_GNOME, "AC-5.4")
            else:
                self.phase = P_GGLITCH
            return
        if DIE_BASE <= action < USE_BASE:
            f = action - DIE_BASE
            self.pool[f] -= 1
            self._die = f
            self._die_step = 0
            self._emit("AC-4.2", f"the {self._gnome_name(g)} activates the die showing {face_text(f)}")
            self._gnome_continue()
            return
        if phase == P_GAFTER:
            if RECHARGE_BASE <= action < PLAY_BASE:
                k = action - RECHARGE_BASE
                self.cards[g][k] = True
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
            if action != SKIP:
                k = action - RECHARGE_BASE
                self.cards[g][k] = True
                self._emit("AC-4.7", f"{CARD_NAMES[k]} is recharged")
            else:
                self._emit("AC-4.7", "nothing to recharge")
            self._gnome_continue()
        else:
            self._gnome_fire("AC-4.6")

    # ---- the Centipede's turn ------------------------------------------------------------------
    def _apply_play(self, kind: int) -> None:
        c = self._c
        self.hand[c][kind] -= 1
        self._card_log.append(("p", c, self._cycle[c], kind, len(self._history), -1))
        self._emit("AC-6.1", f"{self._colour_name(c)} Centipede plays {CENT_CARD_NAMES[kind]}")
        if kind == SPAWN_CENT:
            if self.segs[c] < SEGMENTS:
                self.tucked[c] += 1
                self._emit("AC-6.6", f"Spawn Centipede tucked: all {self._colour_name(c)} bugs move +{self.tucked[c]}")
                self.phase = P_SPAWN
                return
            self._emit("AC-6.6", "every segment is on the board: no effect")
        self.discard[c][kind] += 1
        if kind == SPAWN_SPIDER:
            if self.spider_supply > 0:
                self._pending_spider = True
            else:
                self._emit("AC-6.3", "every spider is on the board: no effect")
        elif kind == SPAWN_FLEA:
            if self.flea_supply > 0 and self._flea_spawn_squares():
                self.phase = P_CFLEA
                return
            self._emit("AC-6.3", "no flea or no empty square to spawn it: no effect")
        elif kind == MUSHROOM_CARD:
            if self._mush_card_squares():
                self.phase = P_CMUSH
                return
            self._emit("AC-6.7", "no mushroom to remove and none can be placed: no effect")
        elif kind == BERSERK:
            self.phase = P_CBERSERK
            return
        self._move_next()

    def _flea_spawn_squares(self) -> list[int]:
        row = 1 if self._home[self._c] == 0 else ROWS - 2
        return [row * COLS + k for k in range(COLS) if self.board[row * COLS + k] == EMPTY]

    def _mush_card_squares(self) -> list[int]:
        board = self.board
        out = [s for s, cell in enumerate(board) if cell == MUSH]
        if self.supply > 0:
            near = set()
            for cent in self.cents:
                for s in cent[1]:
                    r, k = divmod(s, COLS)
                    for dr in (-1, 0, 1):
                        for dk in (-1, 0, 1):
                            if 0 <= k + dk < COLS:
                                near.add((r + dr) * COLS + k + dk)
            spawns = self._all_spawns
            for s in range(COLS, (ROWS - 1) * COLS):
                if board[s] == EMPTY and s not in near and s not in spawns:
                    out.append(s)
        out.sort()
        return out

    def _spider_spawn_squares(self) -> list[int]:
        return [r * COLS + k for r in range(1, ROWS - 1) for k in (0, COLS - 1) if self.board[r * COLS + k] == EMPTY]

    def _bugs_to_move(self) -> list[int]:
        c = self._c
        out = [cent[1][0] for cent in self.cents if cent[0] == c and not cent[3]]
        out += [b[0] for b in self.fleas if b[1] == c and not b[2]]
        out += [b[0] for b in self.spiders if b[1] == c and not b[2]]
        return out

    def _move_next(self) -> None:
        """Move the next bug (AC-6.1): the player picks the order; a single remaining bug goes on its own."""
        self._cur = self._cplayer[self._c]
        todo = self._bugs_to_move()
        if len(todo) > 1:
            self.phase = P_CMOVE
        elif todo:
            self._start_bug_move(todo[0])
        else:
            self._after_moves()

    def _after_moves(self) -> None:
        if self._pending_spider:
            self._pending_spider = False
            if self.spider_supply > 0 and self._spider_spawn_squares():
                self.phase = P_CSPIDERSPAWN
                return
            self._emit("AC-6.5", "no spider or no empty edge square: no effect")
        self._start_draw(self._c)

    def _start_bug_move(self, square: int) -> None:
        cell = self.board[square]
        if cell == SEG:
            for cent in self.cents:
                if cent[1][0] == square:
                    self._move_centipede(cent)
                    break
            self._after_bug_move()
        elif cell == SPIDER:
            self._moving = next(b for b in self.spiders if b[0] == square)
            self.phase = P_CSPIDER
        else:
            bug = next(b for b in self.fleas if b[0] == square)
            self._moving = bug
            self._flea_left = FLEA_SPEED + self.tucked[bug[1]]
            bug[2] = True
            self._emit("AC-9.1", f"flea at {square_name(square)} moves")
            self._flea_advance()

    def _spider_speed(self, bug: list) -> int:
        return SPIDER_SPEED + self.tucked[bug[1]]

    def _flea_advance(self) -> None:
        bug = self._moving
        last_row = ROWS - 2 if self._dy[bug[1]] > 0 else 1
        if self._flea_left <= 0 or bug[0] // COLS == last_row:
            self._after_bug_move()
            return
        self._flea_left -= 1
        self._flea_from = self._flea_step(bug)
        if self.supply > 0:
            self.phase = P_CDROP
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
        phase = self.phase
        c = self._c
        if phase == P_CPLAY:
            return [PLAY_BASE + k for k in range(5) if self.hand[c][k]]
        if phase == P_CFLEA:
            return self._flea_spawn_squares()
        if phase == P_CMUSH:
            return self._mush_card_squares()
        if phase == P_CBERSERK:
            return sorted(cent[1][0] for cent in self.cents if cent[0] == c)
        if phase == P_CMOVE:
            return sorted(self._bugs_to_move())
        if phase == P_CSPIDER:
            return self._spider_targets(self._moving[0], self._spider_speed(self._moving))
        if phase == P_CDROP:
            return [SKIP, DROP]
        if phase == P_CSPIDERSPAWN:
            return self._spider_spawn_squares()
        if phase == P_BONUS:
            own = [cent[1][0] for cent in self.cents if cent[0] == c]
            own += [b[0] for b in self.fleas + self.spiders if b[1] == c]
            return sorted(own) + [SKIP]
        if phase == P_SPAWN:
            return sorted(self._spawns[c])
        return []

    def _apply_centipede(self, action: int) -> None:
        phase = self.phase
        c = self._c
        if phase == P_CPLAY:
            self._apply_play(action - PLAY_BASE)
        elif phase == P_SPAWN:
            self._spawn_centipede(action)
        elif phase == P_CFLEA:
            self.flea_supply -= 1
            self.fleas.append([action, c, False])
            self.board[action] = FLEA
            self.bcol[action] = c
            self._emit("AC-6.4", f"flea spawned at {square_name(action)}")
            self._check_eat(c, action)
            self._move_next()
        elif phase == P_CMUSH:
            if self.board[action] == MUSH:
                self._remove_at(action, "AC-6.7", "Mushroom card")
            else:
                self._place_mushroom(action, "AC-6.7", "Mushroom card")
            self._move_next()
        elif phase == P_CBERSERK:
            cent = next(x for x in self.cents if x[1][0] == action)
            self._emit("AC-6.8", f"Berserk! the centipede at {square_name(action)} leaps two rows")
            self._cent_step(cent, drop=True)
            self._cent_step(cent, drop=True)
            self._move_next()
        elif phase == P_CMOVE:
            self._start_bug_move(action)
        elif phase == P_CSPIDER:
            self._move_spider(self._moving, action)
            self._after_bug_move()
        elif phase == P_CDROP:
            if action == DROP:
                self._place_mushroom(self._flea_from, "AC-9.2", "dropped by a flea")
            self._flea_advance()
        elif phase == P_CSPIDERSPAWN:
            self.spider_supply -= 1
            self.spiders.append([action, c, True])
            self.board[action] = SPIDER
            self.bcol[action] = c
            self._emit("AC-6.5", f"spider spawned at {square_name(action)}")
            self._check_eat(c, action)
            self._start_draw(c)
        elif phase == P_BONUS:
            if action == SKIP:
                self._bonus = False
                self._emit("AC-11.8", "the bonus bug move is declined")
                self._gnome_continue()
            else:
                self._emit("AC-11.8", f"bonus move for the bug at {square_name(action)}")
                self._start_bug_move(action)

    def _spawn_centipede(self, spawn: int) -> None:
        c = self._c
        length = SEGMENTS - self.segs[c]
        self._emit(
            "AC-2.7" if self._turn_i < 0 else "AC-6.6", f"a centipede of {length} enters at {square_name(spawn)}"
        )
        self._enter_centipede(c, spawn, length, ENTRY_SQUARES)
        if self._turn_i < 0:
            self._setup_colour += 1
            if self._setup_colour < len(self._setup_order):
                self._deal_next()
            else:
                self._start_play()
            return
        self._move_next()
