# The compiled mode's declarations for setup.py (see boardcade.compiled, docs/compiled.md): its procedures
# take the compiled AtariData, so they read and write the state's typed fields directly and call each other
# without a Python call. setup.py is the reference; the other arguments stay Python objects.

from boardcade.games.atari_centipede.state cimport AtariData

cpdef begin_setup(AtariData st)
cpdef seed_squares(AtariData st)
cpdef seed_choices(AtariData st)
cpdef seed_outcomes(AtariData st)
cpdef seed_by_chance(AtariData st, outcome)
cpdef seed(AtariData st, square)
cpdef after_seeding(AtariData st)
cpdef dice_off(AtariData st, outcome)
cpdef gplace_squares(AtariData st)
cpdef gplace_choices(AtariData st)
cpdef place_gnome(AtariData st, square)
cpdef spawn_choices(AtariData st)
cpdef spawn_centipede(AtariData st, spawn)
