# The compiled mode's declarations for state.py (see boardcade.compiled, docs/compiled.md): MBState as a compiled
# class, its fields as typed C slots (the phases and mechanics read and write them without a dictionary or
# descriptor lookup). state.py is the reference; a field's type here must hold every value the .py stores in it.

import cython

from boardcade.core.phases cimport PhasedState

cdef class MBState(PhasedState):
    cdef public object _L
    cdef public object _T
    cdef public list _seg
    cdef public list _alive
    cdef public list _poison
    cdef public int _supply
    cdef public list _gun
    cdef public int _spider
    cdef public int _scorpion
    cdef public int _player
    cdef public int _steps
    cdef public int _turns
    cdef public int _spin
    cdef public list _counts

    cpdef int _seat(self, int role) except? -9
    @cython.locals(new=MBState)
    cpdef clone(self)
