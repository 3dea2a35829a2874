# The compiled mode's declarations for state.py (see boardcade.compiled, docs/compiled.md): AtariData as a
# compiled class, its fields as typed C slots (the turn's procedures read and write them without a dictionary or
# descriptor lookup). state.py is the reference; a field's type here must hold every value the .py stores in it.

import cython

from boardcade.core.phases cimport PhasedState

cdef class AtariData(PhasedState):
    cdef public object _lay
    cdef public object _T
    cdef public list _board
    cdef public list _bcol
    cdef public list _cents
    cdef public list _fleas
    cdef public list _spiders
    cdef public list _segs
    cdef public int _supply
    cdef public int _flea_supply
    cdef public int _spider_supply
    cdef public list _col_mush
    cdef public list _gnome
    cdef public list _gend
    cdef public list _above
    cdef public dict _gnome_at_end
    cdef public list _cards
    cdef public list _pool
    cdef public list _home
    cdef public list _dy
    cdef public list _spawns
    cdef public list _hand
    cdef public list _deck
    cdef public list _discard
    cdef public list _tucked
    cdef public list _cycle
    cdef public list _card_log
    cdef public list _order
    cdef public int _turn_i
    cdef public int _round
    cdef public int _g
    cdef public int _c
    cdef public int _placing
    cdef public int _die
    cdef public int _die_step
    cdef public bint _die_used
    cdef public bint _used_card
    cdef public bint _bonus
    cdef public bint _pending_spider
    cdef public bint _slam_pending
    cdef public bint _entering
    cdef public int _moving
    cdef public list _spider_to
    cdef public int _flea_left
    cdef public int _flea_from
    cdef public int _rolls_left
    cdef public int _after_roll
    cdef public str _roll_rule
    cdef public int _draws_left
    cdef public int _draw_colour
    cdef public int _setup_colour
    cdef public list _diceoff
    cdef public int _seed_cols_done
    cdef public int _seed_col
    cdef public int _seed_left

    cpdef int _seat(self, int role) except? -9
    @cython.locals(new=AtariData)
    cpdef clone(self)
