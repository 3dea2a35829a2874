# The compiled mode's declarations for mechanics.py (see boardcade.compiled, docs/compiled.md): every procedure
# takes the compiled MBState, so it reads and writes the state's typed fields directly and the procedures call
# each other without a Python call. mechanics.py is the reference; the other arguments stay Python objects.

from boardcade.games.mb_centipede.state cimport MBState

cpdef where(MBState st, pos)
cpdef segment_at(MBState st, pos)
cpdef gun_disabled(MBState st, p)
cpdef opponent_at(MBState st, p, pos)
cpdef fire(MBState st, p)
cpdef shift(MBState st, p, new)
cpdef send_pieces_home(MBState st, pos, clear_mushroom, rule)
cpdef enter(MBState st, p, pos)
cpdef meet(MBState st, p, pos)
cpdef shortcut_ahead(MBState st, p, h)
cpdef piece_moves(MBState st, p)
cpdef spider_leaves(MBState st, name)
cpdef scorpion_leaves(MBState st)
