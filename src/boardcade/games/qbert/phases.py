"""Q*bert's turn as a table of phases (core/phases.py): the roll-off, Q*bert's secret d8 and his hops, the nasty
player's two dice and steps, and Q*bert's answer at every capture threat. The roll stays in the tube until the
nasty turn ends, Q*bert is captured or the round ends (QB-7.2). Rule IDs refer to rules/qbert.md.

Each phase's procedures are plain functions of the state, grouped below by phase: what is legal, what each kind
of action does (the codec decodes the action; its handler receives the argument), and why anything else is
refused. Rounds and the match (scoring, tie-breaks) come last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardcade.core import CHANCE, TERMINAL
from boardcade.core.phases import PhaseRule, phase_table
from boardcade.core.prompts import counted

from . import actions as A
from . import board as B
from .board import ELIMINATED, HOME, HOP, NASTY_NAMES
from .state import NASTY, QBERT, Phase
from .state import QbertData as St

# How a round ended (stats): a capture, the last peg, the turn cap.
CAPTURE, LAST_PEG, TURN_CAP = range(3)
# What one hop of Q*bert led to.
GO_ON, STOPPED, ROUND_OVER = range(3)

_ROLLOFF_OUTCOMES = [(6 * a + b, 1 / 30) for a in range(6) for b in range(6) if a != b]
_D8 = [(a, 1 / 8) for a in range(8)]
_D6 = [(a, 1 / 6) for a in range(6)]
_PEG_BITS = tuple(1 << c for c in range(B.NUM_CUBES))
_WALKERS = (B.UGG, B.WRONG_WAY)
_WALKS = {B.UGG: B.UGG_STEPS, B.WRONG_WAY: B.WW_STEPS}
_ALL_DIRS: tuple[int, ...] = (B.UL, B.UR, B.DL, B.DR)
_DOWN_DIRS: tuple[int, ...] = (B.DL, B.DR)

# Precomputed per cube (the hot paths build no list or text they can look up):
_RC = tuple(A.rc(c) for c in range(B.NUM_CUBES))  # each cube's name, "(row,index)"
# Q*bert's hops from each cube, in direction order, then the stop (QB-3.2): copied, never handed out.
_HOPS_STOP = tuple(tuple(A.HOP[d] for d in _ALL_DIRS if row[d] >= 0) + (A.STOP,) for row in HOP)
_HOP_TEXT = tuple(
    tuple(f"Q*bert hops {B.DIR_NAMES[d]} to {A.rc(dest)}" if dest >= 0 else "" for d, dest in enumerate(row))
    for row in HOP
)
_ROLLED_TEXT = tuple(f"Q*bert secretly rolled {roll}" for roll in range(9))
_OTHER_WALKERS = {k: tuple(j for j in B.CUBE_WALKERS if j != k) for k in range(len(NASTY_NAMES))}


def _fixed(outcomes: list[tuple[int, float]]) -> Callable[[Any], list[tuple[int, float]]]:
    """A die's outcomes, the same in every game."""
    return lambda game: outcomes


# ---- the roll-off (QB-2.1, chance) ------------------------------------------------------------------------
def roll_off(st: St, outcome: int) -> None:
    """QB-2.1: both players roll a d6 (ties rerolled); the higher is Q*bert in the first round."""
    a, b = divmod(outcome, 6)
    st._rolloff = (a + 1, b + 1)
    st._first_q = 0 if a > b else 1
    if not st._quiet:  # quiet mode: no text to build
        names = st.game.player_name
        st._emit(
            "QB-2.1",
            f"Roll-off: {names(0)} rolled {a + 1}, {names(1)} rolled {b + 1}; {names(st._first_q)} is Q*bert first",
        )
    start_round(st)


# ---- Q*bert's secret roll (QB-3.1, chance) -----------------------------------------------------------------
def secret_roll(st: St, outcome: int) -> None:
    """QB-3.1: Q*bert rolls the d8 in the secret tube; only he sees the number."""
    st._roll = outcome + 1
    st._hops = 0
    st._revealed = False
    st._roll_step = len(st._history)
    st._escape_events = ()
    st._emit("QB-3.1", "Q*bert rolls the d8 in the secret tube")
    st._roll_event = len(st._events)
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-3.1", _ROLLED_TEXT[st._roll], (st._qp,))
    st._enter(Phase.QBERT_MOVE)


# ---- Q*bert's move (QB-3) ------------------------------------------------------------------------------
def hops(st: St) -> list[int]:
    """Q*bert's hops while moves are left, and always the stop: ending the move (or answering a threat) never
    shows what is left (QB-3.2, QB-7.1)."""
    if st._hops < st._roll:
        return list(_HOPS_STOP[st._q])
    return [A.STOP]


def hop_in_move(st: St, d: int) -> None:
    """QB-3.3: Q*bert hops to a neighbouring cube (taking its peg, QB-3.4); discs are for escapes only (QB-3.9)."""
    if qbert_hop(st, d) == STOPPED:
        end_qbert_move(st)


def stop_move(st: St, _: int) -> None:
    """QB-3.2: Q*bert may end his move before his roll is used up."""
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-3.2", f"Q*bert ends his move after {counted(st._hops, 'hop')}")
    end_qbert_move(st)


def why_qbert(st: St, action: int) -> str:
    kind = st.game.kind_of[action]
    if kind == A.K_HOP:
        if st._hops >= st._roll:
            return "Q*bert has used every move of his roll (QB-3.2)"
        d = st.game.arg_of[action]
        return f"hopping {B.DIR_NAMES[d]} from {_RC[st._q]} leaves the pyramid (QB-3.3)"
    if kind == A.K_DISC:
        disc, landing = st.game.arg_of[action]
        cube, _side = B.DISCS[disc]
        if st._phase == Phase.ESCAPE and cube == st._q and st._discs >> disc & 1 and st._hops < st._roll:
            spot = _RC[B.DISC_LANDINGS[landing]]
            if landing == 0 or occupied(st, B.TOP):
                return f"the disc cannot land on {spot}: it is occupied (QB-5.8)"
            return f"the top cube is free, so the disc lands there, not on {spot} (QB-5.8)"
        return "a disc can only be used during an escape, from the edge cube beside an unused disc (QB-5.8)"
    return "it is Q*bert's move: hop, or stop"


def qbert_hop(st: St, d: int) -> int:
    """One hop of Q*bert (in a move or an escape): GO_ON, STOPPED (Slick) or ROUND_OVER."""
    q = st._q
    dest = HOP[q][d]
    kind, face = B.CROSS[q][d]
    st._hops += 1
    st._q = dest
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-3.3", _HOP_TEXT[q][d])
    nasty = st._nasty
    walker = B.WRONG_WAY if kind == B.LEFT else B.UGG
    if nasty[walker] == face:
        if not st._quiet:  # quiet mode: no text to build
            st._emit("QB-3.6", f"Q*bert passes over {NASTY_NAMES[walker]}")
        end_round(st, CAPTURE, NASTY_NAMES[walker])
        return ROUND_OVER
    for k in (B.COILY, B.RED_BALL):
        if nasty[k] == dest:
            if not st._quiet:  # quiet mode: no text to build
                st._emit("QB-3.5", f"Q*bert lands on {NASTY_NAMES[k]}")
            end_round(st, CAPTURE, NASTY_NAMES[k])
            return ROUND_OVER
    result = GO_ON
    if nasty[B.GREEN_BALL] == dest:
        nasty[B.GREEN_BALL] = HOME
        st._frozen = True
        st._emit("QB-3.8", "Q*bert lands on the Green Ball: it goes home and the next nasty turn is frozen")
    if nasty[B.SLICK] == dest:
        nasty[B.SLICK] = HOME
        st._emit("QB-3.7", "Q*bert lands on Slick: Slick goes home and Q*bert's move ends")
        result = STOPPED
    return ROUND_OVER if take_peg(st, dest) else result


def take_peg(st: St, c: int) -> bool:
    """Take the peg on cube c if there is one. True when that was the last peg (the round is over)."""
    bit = _PEG_BITS[c]
    if st._pegs & bit:
        st._pegs ^= bit
        if not st._quiet:  # quiet mode: no text to build
            st._emit("QB-3.4", f"Q*bert takes the peg on {_RC[c]} ({st._pegs.bit_count()} left)")
        if not st._pegs:
            st._emit("QB-6.1", "Every peg is taken; the round ends")
            end_round(st, LAST_PEG)
            return True
    return False


def end_qbert_move(st: St) -> None:
    if st._frozen:
        st._frozen = False
        st._emit("QB-4.10", "The nasties are frozen by the Green Ball: their turn is skipped")
        end_nasty_turn(st)
    else:
        st._enter(Phase.CHARACTER_DIE)


# ---- the nasty player's dice (QB-4.1 to QB-4.3, chance) ----------------------------------------------------
def character_die(st: St, outcome: int) -> None:
    """QB-4.1: the nasty player rolls the character die (which nasty moves)."""
    st._char = B.CHARACTER_DIE[outcome]
    st._enter(Phase.NASTY_DIE)


def nasty_die(st: St, outcome: int) -> None:
    """QB-4.1: ... and the d6 (how many steps); a stuck or absent character forfeits them (QB-4.4)."""
    st._steps_left = outcome + 1
    st._threat_outside = False
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-4.1", f"The nasty player rolls {NASTY_NAMES[st._char]} and {st._steps_left}")
    st._enter(Phase.NASTY_MOVE)
    advance_nasty(st)


# ---- the nasty's move (QB-4.4 to QB-4.9) ------------------------------------------------------------------
def occupied(st: St, c: int) -> bool:
    """Whether a nasty stands on cube c (face walkers stand on faces, not cubes)."""
    n = st._nasty
    return n[B.COILY] == c or n[B.RED_BALL] == c or n[B.GREEN_BALL] == c or n[B.SLICK] == c


def free_for(st: St, c: int, k: int) -> bool:
    """Whether nasty k may step onto cube c: nobody else is there, or Q*bert is (QB-4.9)."""
    if c == st._q:
        return True
    n = st._nasty
    for j in _OTHER_WALKERS[k]:
        if n[j] == c:
            return False
    return True


def nasty_steps(st: St) -> list[int]:
    k = st._char
    pos = st._nasty[k]
    if pos == ELIMINATED:
        return []
    if k == B.UGG or k == B.WRONG_WAY:
        if pos == HOME:
            return [A.ENTER[0]]
        along, up = _WALKS[k][pos]
        out = [a for a, dest in ((A.WALK_ALONG, along), (A.WALK_UP, up)) if dest >= 0]
        return out or [A.GO_HOME]  # no face to walk to: past the edge, and home (QB-4.8)
    if pos == HOME:
        return [A.ENTER[j] for j, c in enumerate(B.ENTRY[k]) if free_for(st, c, k)]
    row = HOP[pos]
    if k in B.DOWN_ONLY:
        if row[B.DL] < 0:  # bottom row: the only way on is off the board, back home (QB-4.6)
            return [A.GO_HOME]
        dirs = _DOWN_DIRS
    else:
        dirs = _ALL_DIRS
    return [A.STEP[d] for d in dirs if row[d] >= 0 and free_for(st, row[d], k)]


def step(st: St, d: int) -> None:
    """QB-4.6, QB-4.7: a ball or Slick steps down, Coily any diagonal way; a capturer reaching Q*bert threatens
    him (QB-5.1), Slick or the Green Ball there does nothing (QB-5.3)."""
    k = st._char
    st._steps_left -= 1
    dest = st._nasty[k] = HOP[st._nasty[k]][d]
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-4.7" if k == B.COILY else "QB-4.6", f"{NASTY_NAMES[k]} steps to {_RC[dest]}")
    after_step(st)


def enter_pyramid(st: St, entry: int) -> None:
    """QB-4.5: a character at home enters the pyramid as its first step."""
    k = st._char
    st._steps_left -= 1
    dest = st._nasty[k] = B.ENTRY[k][entry]
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-4.5", f"{NASTY_NAMES[k]} enters the pyramid at {_RC[dest]}")
    after_step(st)


def walk(st: St, way: int) -> None:
    """QB-4.8: Ugg or Wrong Way walks to the next face."""
    k = st._char
    st._steps_left -= 1
    dest = st._nasty[k] = _WALKS[k][st._nasty[k]][way]  # way 0: along its row, 1: up a row
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-4.8", f"{NASTY_NAMES[k]} walks to the face of {_RC[dest]}")
    after_step(st)


def go_home(st: St, _: int) -> None:
    """QB-4.6, QB-4.8: a ball or Slick drops off the bottom row, a face walker walks past the edge: home."""
    k = st._char
    st._nasty[k] = HOME
    st._steps_left = 0
    if not st._quiet:  # quiet mode: no text to build
        name = NASTY_NAMES[k]
        if k == B.UGG or k == B.WRONG_WAY:
            st._emit("QB-4.8", f"{name} walks past the edge of the pyramid and goes home")
        else:
            st._emit("QB-4.6", f"{name} drops off the bottom of the pyramid and goes home")
    after_step(st)


def why_nasty(st: St, action: int) -> str:
    return f"{NASTY_NAMES[st._char]} cannot make that step from where it stands (QB-4.5 to QB-4.9)"


def after_step(st: St) -> None:
    k = st._char
    if st._nasty[k] == st._q and k in B.CAPTURERS:
        threat(st)
    else:
        advance_nasty(st)


def threat(st: St) -> None:
    """A capturer reached Q*bert: its move pauses and he answers, the tube still down (QB-5.4)."""
    k = st._char
    if not st._quiet:  # quiet mode: no text to build
        rule = "QB-5.2" if k in _WALKERS else "QB-5.1"
        st._emit(rule, f"{NASTY_NAMES[k]} reaches Q*bert at {_RC[st._q]}: capture threatened")
    if st._q in B.OUTSIDE:
        st._threat_outside = True
    st._emit("QB-5.4", "The tube stays down: Q*bert may escape with the moves he has left (moves left: hidden)")
    st._escape_events += ((len(st._events), st._hops),)
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-5.4", f"Q*bert has {counted(st._roll - st._hops, 'escape move')} left", (st._qp,))
    st._escape_hops = 0
    st._enter(Phase.ESCAPE)


def advance_nasty(st: St) -> None:
    """Hand the move to the nasty player, or end the nasty's move when it is done or stuck."""
    k = st._char
    if st._steps_left > 0:
        moves = nasty_steps(st)
        if moves:
            st._legal_cache = moves  # what the phase's legal actions would compute next (apply_action cleared it)
            return
        if not st._quiet:  # quiet mode: no text to build
            if st._nasty[k] == ELIMINATED:
                st._emit("QB-4.4", f"{NASTY_NAMES[k]} is out of the round: the move is forfeited")
            else:
                st._emit("QB-4.4", f"{NASTY_NAMES[k]} has no legal step: the rest of the move is forfeited")
        st._steps_left = 0
    if st._threat_outside and st._nasty[k] != ELIMINATED:
        st._nasty[k] = ELIMINATED
        if not st._quiet:  # quiet mode: no text to build
            st._emit("QB-5.7", f"{NASTY_NAMES[k]} failed to capture Q*bert on an outside space and falls off the board")
    end_nasty_turn(st)


def end_nasty_turn(st: St) -> None:
    reveal(st, True)
    start_qbert_turn(st)


# ---- the escape (QB-5) --------------------------------------------------------------------------------
def escape_moves(st: St) -> list[int]:
    out = hops(st)
    if st._hops < st._roll:
        out.extend(disc_actions(st))
    return out


def disc_actions(st: St) -> list[int]:
    out: list[int] = []
    for d, (c, _side) in enumerate(B.DISCS):
        if c == st._q and st._discs >> d & 1:
            rides = A.DISC[d]
            if not occupied(st, B.TOP):
                out.append(rides[0])
            else:
                out.extend(rides[k] for k in (1, 2) if not occupied(st, B.DISC_LANDINGS[k]))
    return out


def escape_hop(st: St, d: int) -> None:
    """QB-5.5: Q*bert escapes by hopping with the moves he has left."""
    st._escape_hops += 1
    if qbert_hop(st, d) == STOPPED:
        end_escape(st)
    # Otherwise he stays in the escape, even with no moves left: only he knows, so he ends it himself.


def stop_escape(st: St, _: int) -> None:
    """QB-5.5: staying put is a capture; ending the escape lets the nasty finish its steps (QB-5.6)."""
    if st._escape_hops == 0:
        st._emit("QB-5.5", "Q*bert stays put")
        end_round(st, CAPTURE, NASTY_NAMES[st._char])
    else:
        st._emit("QB-5.5", "Q*bert ends his escape")
        end_escape(st)


def ride_disc(st: St, disc_and_landing: tuple[int, int]) -> None:
    """QB-5.8: from an edge cube beside an unused disc, Q*bert rides it to the top (or a free landing)."""
    disc, landing = disc_and_landing
    st._discs &= ~(1 << disc)
    st._hops = st._roll  # the disc hop counts one; the rest is forfeited (QB-5.8)
    st._q = B.DISC_LANDINGS[landing]
    if not st._quiet:  # quiet mode: no text to build
        st._emit("QB-5.8", f"Q*bert rides the disc to {_RC[st._q]}; the disc leaves play")
    if take_peg(st, st._q):
        return
    # The ride saves him: the threatening nasty's move ends. Having threatened him on an outside space and
    # failed, it falls off (QB-5.7); threatened only on inside spaces, it stays where it is.
    st._steps_left = 0
    name = NASTY_NAMES[st._char]
    if st._threat_outside or st._T.disc_always:
        st._nasty[st._char] = ELIMINATED
        if not st._quiet:  # quiet mode: no text to build
            st._emit("QB-5.7", f"{name} failed to capture Q*bert on an outside space and falls off the board")
    elif not st._quiet:  # quiet mode: no text to build
        st._emit("QB-5.8", f"{name}'s move ends; it threatened Q*bert only on inside spaces and stays on the pyramid")
    end_nasty_turn(st)


def end_escape(st: St) -> None:
    """The escape is over: captured if he is still where the nasty threatens him, else the nasty finishes its
    remaining steps (QB-5.6)."""
    k = st._char
    if st._nasty[k] == st._q:
        # Hopping away and back (possible past a face walker without crossing its face) escapes nothing.
        if not st._quiet:  # quiet mode: no text to build
            st._emit("QB-5.5", f"Q*bert ends his escape where {NASTY_NAMES[k]} threatens him")
        end_round(st, CAPTURE, NASTY_NAMES[k])
        return
    st._enter(Phase.NASTY_MOVE)
    advance_nasty(st)


# ---- rounds, turns, the tube and the match (QB-6, QB-7) --------------------------------------------------
def reset_board(st: St) -> None:
    """Pegs back, every piece home, discs back (QB-6.3); Q*bert on the top cube (QB-1.5)."""
    st._q = B.TOP
    st._pegs = B.ALL_PEGS
    st._nasty = [HOME] * 6
    st._discs = B.ALL_DISCS
    st._frozen = False
    st._turn = 0
    st._char = -1
    st._steps_left = 0


def start_round(st: St) -> None:
    """QB-6.3: a round with the board set up again; Q*bert's player takes the first turn (QB-2.2)."""
    st._qp = st._first_q if st._round % 2 == 0 else 1 - st._first_q
    reset_board(st)
    if not st._quiet:  # quiet mode: no text to build
        name = st.game.player_name(st._qp)
        st._emit("QB-6.3", f"Round {st._round + 1}: {name} is Q*bert; the board is set up")
    start_qbert_turn(st)


def start_qbert_turn(st: St) -> None:
    if st._turn >= st._T.max_turns_per_round:
        st._capped = True  # a digital safeguard ended this round (QB-6.4)
        if not st._quiet:  # quiet mode: no text to build
            st._emit("QB-6.4", f"Safety cap: {st._turn} Q*bert turns played; the round ends")
        end_round(st, TURN_CAP)
        return
    st._turn += 1
    st._turns_total += 1
    st._roll = 0
    st._hops = 0
    st._char = -1
    st._enter(Phase.QBERT_ROLL)


def reveal(st: St, end_of_nasty_turn: bool) -> None:
    """Lift the tube (QB-4.11 at the end of a nasty turn; QB-7.2 at a capture or the round's end)."""
    if st._revealed:
        return
    st._revealed = True
    st._last_roll = st._roll
    if st._quiet:  # quiet mode: no text to build
        return
    if end_of_nasty_turn:
        unused = st._roll - st._hops
        st._emit("QB-4.11", f"The tube is lifted: Q*bert had rolled {st._roll} ({counted(unused, 'move')} unused)")
    else:
        st._emit("QB-7.2", f"The tube is lifted: Q*bert had rolled {st._roll}")


def end_round(st: St, how: int, captured_by: str = "") -> None:
    reveal(st, False)
    taken = B.NUM_CUBES - st._pegs.bit_count()
    st._scores.append((st._qp, taken))
    st._ends[how] += 1
    if not st._quiet:  # quiet mode: no text to build
        if captured_by:
            st._emit("QB-6.1", f"Q*bert is captured by {captured_by}; the round ends")
        st._emit("QB-6.2", f"{st.game.player_name(st._qp)} took {counted(taken, 'peg')} as Q*bert")
    st._round += 1
    st._char = -1
    st._steps_left = 0
    if st._round % 2 == 0:
        end_game(st)
    else:
        start_round(st)


def end_game(st: St) -> None:
    """Both players have been Q*bert once in this game: a winner, a draw, or another game (QB-6.5-6.7)."""
    pegs = [0, 0]
    for p, n in st._scores[-2:]:
        pegs[p] = n
    extra = st._round // 2 - 1  # 0 for the opening game
    which = f"extra game {extra}" if extra else "the game"
    names = st.game.player_name
    if pegs[0] != pegs[1]:
        w = 0 if pegs[0] > pegs[1] else 1
        result = [-1.0, -1.0]
        result[w] = 1.0
        st._enter(Phase.OVER)
        text = f"{names(w)} wins, {pegs[w]} pegs to {pegs[1 - w]}" + (f" in {which}" if extra else "")
        st._finish(result, "QB-6.5", text)
        return
    if not st._T.tiebreak:
        st._enter(Phase.OVER)
        st._finish((0.0, 0.0), "QB-6.6", f"Tied at {pegs[0]} pegs each: the match is a draw")
        return
    if st._round >= st._T.max_rounds:
        st._enter(Phase.OVER)
        st._finish(
            (0.0, 0.0),
            "QB-6.7",
            f"{which.capitalize()} is tied too, at {pegs[0]} pegs each; the cap of "
            f"{counted(st._T.tiebreak_max_pairs, 'extra game')} is reached: the match is a draw",
            capped=True,
        )
        return
    if not st._quiet:  # quiet mode: no text to build
        st._emit(
            "QB-6.6",
            f"{which.capitalize()} is tied at {pegs[0]} pegs each: another game (a new roll-off, two rounds) "
            "breaks the tie",
        )
    reset_board(st)
    st._enter(Phase.ROLL_OFF)


_AFTER_ROUND = (Phase.QBERT_ROLL, Phase.ROLL_OFF, Phase.OVER)  # the next round, a tie-break game, the end (QB-6)

# The table, keyed by Phase: who acts, the phases one action may lead to, and the procedures above.
PHASES: tuple[PhaseRule[St], ...] = phase_table(
    Phase,
    [
        PhaseRule(
            Phase.ROLL_OFF,
            CHANCE,
            next=(Phase.QBERT_ROLL,),
            fixed_outcomes=_fixed(_ROLLOFF_OUTCOMES),
            chance=roll_off,
            shown="roll-off",
            decision="rolloff",
        ),
        PhaseRule(
            Phase.QBERT_ROLL,
            CHANCE,
            next=(Phase.QBERT_MOVE,),
            fixed_outcomes=_fixed(_D8),
            chance=secret_roll,
            shown="qbert-roll",
            decision="qbert_roll",
        ),
        PhaseRule(
            Phase.QBERT_MOVE,
            QBERT,
            next=(Phase.QBERT_MOVE, Phase.CHARACTER_DIE, *_AFTER_ROUND),  # frozen nasties: Q*bert again (QB-4.10)
            legal=hops,
            on={"hop": hop_in_move, "stop": stop_move},
            why=why_qbert,
            shown="qbert-move",
            decision="qbert_move",
        ),
        PhaseRule(
            Phase.CHARACTER_DIE,
            CHANCE,
            next=(Phase.NASTY_DIE,),
            fixed_outcomes=_fixed(_D6),
            chance=character_die,
            shown="character-die",
            decision="character_die",
        ),
        PhaseRule(
            Phase.NASTY_DIE,
            CHANCE,
            next=(Phase.NASTY_MOVE, *_AFTER_ROUND),  # no step to take: Q*bert's next turn (QB-4.4)
            fixed_outcomes=_fixed(_D6),
            chance=nasty_die,
            shown="nasty-die",
            decision="nasty_die",
        ),
        PhaseRule(
            Phase.NASTY_MOVE,
            NASTY,
            next=(Phase.NASTY_MOVE, Phase.ESCAPE, *_AFTER_ROUND),
            legal=nasty_steps,
            on={"step": step, "enter": enter_pyramid, "walk": walk, "go_home": go_home},
            why=why_nasty,
            shown="nasty-move",
            decision="nasty_move",
        ),
        PhaseRule(
            Phase.ESCAPE,
            QBERT,
            next=(Phase.ESCAPE, Phase.NASTY_MOVE, *_AFTER_ROUND),
            legal=escape_moves,
            on={"hop": escape_hop, "stop": stop_escape, "disc": ride_disc},
            why=why_qbert,
        ),
        PhaseRule(Phase.OVER, TERMINAL),
    ],
)
PHASE_NAMES = tuple(rule.name for rule in PHASES)
DECISION_OF = {rule.name: rule.decision for rule in PHASES}  # the observation's phase -> its decision kind
