"""Random Amazons playouts per second in OpenSpiel (10x10), for comparison with
`tabla bench playouts amazons -o size=10 --sampler stepwise`.

The game loop runs in C++ (pyspiel.evaluate_bots with uniform random bots), so Python's
overhead is not what is measured. OpenSpiel splits a turn into three actions (a queen that can
move, its destination, the stone), each drawn uniformly: Tabla's stepwise sampler draws the
same way. One playout is one whole game.

Usage: python3 openspiel_amazons.py SECONDS
Prints one line: games, wall seconds, processor seconds, playouts/s and playouts/cpu-s.
"""
import sys
import time

import pyspiel

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
game = pyspiel.load_game("amazons")
bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(2)]
games = 0
t0, c0 = time.perf_counter(), time.process_time()
while time.perf_counter() - t0 < seconds:
    pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
    games += 1
wall, cpu = time.perf_counter() - t0, time.process_time() - c0
print(
    f"openspiel amazons 10x10: games {games} wall {wall:.3f} cpu {cpu:.3f} "
    f"playouts/s {games / wall:.1f} playouts/cpu-s {games / cpu:.1f}"
)
