# The compiled mode's declarations for gnome.py (see boardcade.compiled, docs/compiled.md): its procedures
# take the compiled AtariData, so they read and write the state's typed fields directly and call each other
# without a Python call. gnome.py is the reference; the other arguments stay Python objects.

from boardcade.games.atari_centipede.state cimport AtariData

cpdef usable_cards(AtariData st)
cpdef move_dirs(AtariData st)
cpdef face_down(AtariData st, actions)
cpdef gchoose_choices(AtariData st)
cpdef gstep_choices(AtariData st)
cpdef gafter_choices(AtariData st)
cpdef gwrist_choices(AtariData st)
cpdef glitch_choices(AtariData st)
cpdef gnome_move(AtariData st, direction, n, rule)
cpdef gnome_fire(AtariData st, rule)
cpdef activate_die(AtariData st, f)
cpdef use_card(AtariData st, k)
cpdef die_move(AtariData st, direction)
cpdef die_fire(AtariData st, _)
cpdef die_recharge(AtariData st, k)
cpdef die_no_recharge(AtariData st, _)
cpdef end_gnome_turn(AtariData st, _)
cpdef recharge_and_end(AtariData st, k)
cpdef wrist_move(AtariData st, direction)
cpdef glitch(AtariData st, square)
cpdef bonus_move(AtariData st, square)
cpdef decline_bonus(AtariData st, _)
