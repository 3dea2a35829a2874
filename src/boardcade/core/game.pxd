# The compiled mode's declarations for game.py (see boardcade.compiled): State as a compiled class, its fields as
# C slots and its hot methods callable from compiled code without a Python call. game.py is the reference.

cdef class State:
    cdef public object game
    cdef public list _history
    cdef public list _events
    cdef public list _legal_cache
    cdef public tuple _result
    cdef public bint _capped
    cdef public dict _event_views
    cdef public bint _quiet

    cpdef int current_player(self) except? -9
    cpdef list _legal_actions(self)
    cpdef list _chance_outcomes(self)
    cpdef _apply(self, action)
    cpdef bint is_chance_node(self) except? -1
    cpdef bint is_terminal(self) except? -1
    cpdef list legal_actions(self, player=*)
    cpdef list _legal_now(self)
    cpdef _apply_legal(self, action)
    cpdef apply_action(self, action)
    cpdef int move_number(self) except? -1
    cpdef _emit(self, rule, text, visible_to=*)
    cpdef _copy_base_into(self, State other)
    cpdef clone(self)
