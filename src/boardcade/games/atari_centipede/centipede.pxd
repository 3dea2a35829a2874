# The compiled mode's declarations for centipede.py (see boardcade.compiled, docs/compiled.md): its procedures
# take the compiled AtariData, so they read and write the state's typed fields directly and call each other
# without a Python call. centipede.py is the reference; the other arguments stay Python objects.

from boardcade.games.atari_centipede.state cimport AtariData

cpdef play_choices(AtariData st)
cpdef play_card(AtariData st, kind)
cpdef flea_spawn_squares(AtariData st)
cpdef flea_choices(AtariData st)
cpdef spawn_flea(AtariData st, col)
cpdef mush_card_squares(AtariData st)
cpdef mushroom_choices(AtariData st)
cpdef remove_mushroom(AtariData st, square)
cpdef place_mushroom_card(AtariData st, square)
cpdef move_bug(AtariData st, square)
cpdef spider_choices(AtariData st)
cpdef spider_to(AtariData st, square)
cpdef drop_choices(AtariData st)
cpdef drop_mushroom(AtariData st, _)
cpdef no_mushroom(AtariData st, _)
cpdef spider_spawn_choices(AtariData st)
cpdef spawn_spider(AtariData st, square)
