# The compiled mode's declarations for loop.py (see boardcade.compiled); loop.py is the reference.
import cython

from boardcade.core.game cimport State

@cython.locals(x=cython.double, p=cython.double, outcomes=list)
cpdef sample_chance(State state, rng)

@cython.locals(steps=cython.long, limit=cython.long, player=cython.int, legal=list)
cpdef State random_playout(State state, rng, max_steps=*)
