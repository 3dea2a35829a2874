# The compiled mode's declarations for phases.py (see boardcade.compiled); phases.py is the reference.

from boardcade.core.game cimport State

cdef class PhasedState(State):
    cdef public int _phase
    cdef public int _cur

    cpdef int _seat(self, int role) except? -9
    cpdef _enter(self, int phase)
    cpdef _copy_base_into(self, State other)
