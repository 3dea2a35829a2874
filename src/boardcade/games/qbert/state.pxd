# The compiled mode's declarations for state.py (see boardcade.compiled, docs/compiled.md): QbertData as a compiled
# class, its fields as typed C slots (the phases read and write them without a dictionary or descriptor lookup).
# state.py is the reference; a field's type here must hold every value the .py stores in it.

import cython

from boardcade.core.phases cimport PhasedState

cdef class QbertData(PhasedState):
    cdef public object _T
    cdef public int _round
    cdef public int _first_q
    cdef public int _qp
    cdef public int _q
    cdef public long _pegs
    cdef public list _nasty
    cdef public long _discs
    cdef public int _roll
    cdef public int _hops
    cdef public bint _revealed
    cdef public int _roll_step
    cdef public int _roll_event
    cdef public tuple _escape_events
    cdef public int _last_roll
    cdef public int _char
    cdef public int _steps_left
    cdef public bint _threat_outside
    cdef public int _escape_hops
    cdef public bint _frozen
    cdef public int _turn
    cdef public int _turns_total
    cdef public list _scores
    cdef public list _ends
    cdef public tuple _rolloff
    cdef public str _setup

    cpdef int _seat(self, int role) except? -9
    @cython.locals(new=QbertData)
    cpdef clone(self)
