"""Random Amazons playouts per second in OpenSpiel (10x10), for comparison with
`tabla bench playouts amazons -o size=10`.

The game loop runs in C++ (pyspiel.evaluate_bots with uniform random bots), so Python's
overhead is not what is measured. OpenSpiel splits a turn into three actions (queen, target,
stone); one of its playouts is still one whole game.
Usage: python3 openspiel_amazons.py SECONDS
"""
import sys
import time

import pyspiel

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
game = pyspiel.load_game("amazons")
bots = [pyspiel.make_uniform_random_bot(p, 1234 + p) for p in range(2)]
games = 0
t0 = time.perf_counter()
while time.perf_counter() - t0 < seconds:
    pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
    games += 1
elapsed = time.perf_counter() - t0
print(f"openspiel amazons 10x10: {games} playouts in {elapsed:.3f} s = {games / elapsed:.1f} playouts/s")
