# The compiled mode's declarations for turn.py (see boardcade.compiled, docs/compiled.md): its procedures
# take the compiled AtariData, so they read and write the state's typed fields directly and call each other
# without a Python call. turn.py is the reference; the other arguments stay Python objects.

from boardcade.games.atari_centipede.state cimport AtariData

cpdef has_card(AtariData st, k)
cpdef result_for(AtariData st, team)
cpdef start_rolls(AtariData st, after, rule, dice=*, text=*, fresh=*)
cpdef draw_outcomes(AtariData st)
cpdef draw(AtariData st, kind)
cpdef start_draw(AtariData st, c)
cpdef start_play(AtariData st)
cpdef begin_turn(AtariData st)
cpdef end_turn(AtariData st)
cpdef gnome_continue(AtariData st)
cpdef deal_next(AtariData st)
cpdef bugs_to_move(AtariData st)
cpdef flea_stuck(AtariData st, bug)
cpdef spider_stuck(AtariData st, bug)
cpdef flea_stays(AtariData st, bug)
cpdef spider_stays(AtariData st, bug)
cpdef after_moves(AtariData st)
cpdef spider_speed(AtariData st, bug)
cpdef flea_advance(AtariData st)
cpdef after_bug_move(AtariData st)
cpdef spider_spawn_squares(AtariData st)
