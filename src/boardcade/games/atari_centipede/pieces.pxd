# The compiled mode's declarations for pieces.py (see boardcade.compiled, docs/compiled.md): its procedures
# take the compiled AtariData, so they read and write the state's typed fields directly and call each other
# without a Python call. pieces.py is the reference; the other arguments stay Python objects.

from boardcade.games.atari_centipede.state cimport AtariData

cpdef gnome_name(AtariData st, g)
cpdef lose_colour(AtariData st, colour)
cpdef eat(AtariData st, colour, rule, how)
cpdef check_eat(AtariData st, colour, square)
cpdef clear(AtariData st, square)
cpdef remove_at(AtariData st, square, rule, why)
cpdef remove_segment(AtariData st, square, rule, why)
cpdef place_mushroom(AtariData st, square, rule, why)
cpdef cent_step(AtariData st, cent, drop=*, grow=*)
cpdef finish_cent_step(AtariData st, cent, colour, target, nf, grow)
cpdef cent_speed(AtariData st, cent)
cpdef move_centipede(AtariData st, cent)
cpdef enter_centipede(AtariData st, colour, spawn, length, steps)
cpdef spider_targets(AtariData st, square, speed)
cpdef move_spider(AtariData st, bug, target)
cpdef flea_step(AtariData st, bug)
cpdef fire(AtariData st, g, rule)
