"""Offline: what the view path costs per move (Q*bert, two seats, random play, seeded)."""
import json, random, sys, time
from collections import Counter
from boardcade.core.registry import load_game
from boardcade.server.views import Views
from boardcade.server.errors import dumps

class C:
    def __init__(self, seat):
        self.seats = (seat,); self.versions = {}; self.n = 0; self.bytes = 0
    def send_text(self, t):
        self.n += 1; self.bytes += len(t); return True

def run(matches=20, seed=1):
    g = load_game("qbert")
    rng = random.Random(seed)
    t_apply = t_bc = 0.0; moves = 0
    for m in range(matches):
        s = g.new_initial_state(); v = Views("m")
        clients = [C(0), C(1)]
        v.broadcast(s, clients)
        while not s.is_terminal():
            t0 = time.perf_counter()
            if s.is_chance_node():
                s.apply_action(rng.choice(s.chance_outcomes())[0]); continue
            a = rng.choice(s.legal_actions())
            new = s.clone(); new.apply_action(a)
            while new.is_chance_node():
                new.apply_action(rng.choice(new.chance_outcomes())[0])
            acts = new.history()[s.move_number():]
            for x in acts: s.apply_action(x)
            t1 = time.perf_counter()
            v.broadcast(s, clients)
            t2 = time.perf_counter()
            t_apply += t1 - t0; t_bc += t2 - t1; moves += 1
    return moves, t_apply, t_bc

if __name__ == "__main__":
    moves, ta, tb = run(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    print(f"{moves} moves: apply {1e6*ta/moves:.1f} us/move, broadcast {1e6*tb/moves:.1f} us/move")
