"""Start-up: the time from launching the program to its first drawn frame, next to a bare pyxel
window of the same size measured in the same run, and the memory each process peaked at.

Every figure is a fresh process (Python's start, the imports, pyxel.init, one frame), so the
ratio says what the program adds to what any pyxel game costs. The window is headless (pyxel's
own headless mode draws the same frame without a display); the launcher notes the wall clock
before starting the process and the process prints it after its first frame, with the CPU time
it used so far (less disturbed by other programs than the wall clock).

A busy machine must not mislead: the cases take turns, one run each a round and the order
reversed every other round, so a busy moment slows all of them alike; the figures are medians
of RUNS rounds, and beside each ratio of medians stands the range of the ratios measured
round by round (how noisy the run was), with the load average before and after. Compiled
modules are kept (in a temporary folder, whatever PYTHONDONTWRITEBYTECODE says) as they are
after an install, so no run pays for compiling the program. Goal: the title screen at most 2x
the bare window, in time and in CPU.
Run: .venv/bin/python benchmarks/startup.py [RUNS]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Prints the wall clock after the first frame, the process's peak memory (kB on Linux) and the
# CPU time it has used (user and system, seconds).
_REPORT = """
import resource, sys, time
def _report():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"{time.time()} {usage.ru_maxrss} {usage.ru_utime + usage.ru_stime}", flush=True)
"""

_BARE = (
    _REPORT
    + """
import pyxel
pyxel.init(640, 400, headless=True, capture_sec=CAPTURE)
pyxel.cls(0)
pyxel.text(8, 8, "Hello", 7)
pyxel.flip()
_report()
"""
)

# The real command line, with pyxel.init made headless and pyxel.run stopped after FRAMES
# frames (stepped at 300 fps so that the memory figures take a second, not eleven).
_PROGRAM = (
    _REPORT
    + """
import pyxel
_init = pyxel.init
def init(*args, **kwargs):
    kwargs["headless"] = True
    if FRAMES > 1:
        kwargs["fps"] = 300
    if CAPTURE is not None:
        kwargs["capture_sec"] = CAPTURE
    _init(*args, **kwargs)
def run(update, draw):
    for _ in range(FRAMES):
        update()
        draw()
        pyxel.flip()
    _report()
    raise SystemExit(0)
pyxel.init, pyxel.run = init, run
from retro.cli import main
main(ARGV)
"""
)

# 330 frames: pyxel keeps capture_sec x fps frames for its recordings, so at 300 fps its default
# buffer (10 s at pyxel's 30 fps) is 1 s; 330 frames fill it.
_BARE_FRAMES = (
    _REPORT
    + """
import pyxel
pyxel.init(640, 400, headless=True, fps=300, capture_sec=CAPTURE)
for frame in range(330):
    pyxel.cls(frame % 16)
    pyxel.flip()
_report()
"""
)


def _program(argv: list[str], frames: int = 1, capture: int | None = None) -> str:
    """The program's harness; `capture` overrides the recording buffer the program asks for."""
    return (
        _PROGRAM.replace("ARGV", repr(argv))
        .replace("FRAMES", str(frames))
        .replace("CAPTURE", str(capture))
    )


START = [
    ("bare pyxel window", _BARE.replace("CAPTURE", "0")),
    ("retro-patience (title screen)", _program([])),
    ("retro-patience spider --seed 1 (table)", _program(["spider", "--seed", "1"])),
]
MEMORY = [
    ("bare pyxel window", _BARE_FRAMES.replace("CAPTURE", "0")),
    ("bare window, pyxel's recording buffer", _BARE_FRAMES.replace("CAPTURE", "1")),
    ("retro-patience (title screen)", _program([], 330)),
    ("retro-patience spider --seed 1 (table)", _program(["spider", "--seed", "1"], 330)),
    ("the same with pyxel's recording buffer", _program(["spider", "--seed", "1"], 330, 1)),
]


def launch(code: str, data: Path, cache: Path) -> tuple[float, float, float]:
    """Seconds from launch to the report, the peak memory in MB and the CPU seconds used, of
    one process."""
    env = {
        **os.environ,
        "RETRO_PATIENCE_DATA": str(data),
        "SDL_VIDEODRIVER": "dummy",
        "PYTHONPYCACHEPREFIX": str(cache),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start = time.time()
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, timeout=120, capture_output=True, text=True
    )
    if result.returncode != 0:
        raise SystemExit(f"a run failed:\n{result.stderr}")
    stamp, peak, cpu = result.stdout.split()[-3:]
    return float(stamp) - start, int(peak) / 1024, float(cpu)


def rounds(runs: int, data: Path, cache: Path) -> list[list[tuple[float, float, float]]]:
    """RUNS rounds of every START case, one run each a round, every other round backwards."""
    results: list[list[tuple[float, float, float]]] = [[] for _ in START]
    for number in range(runs):
        order = list(enumerate(START))
        for index, (_, code) in order if number % 2 == 0 else reversed(order):
            results[index].append(launch(code, data, cache))
    return results


def _spread(ratios: list[float]) -> str:
    return f"{min(ratios):.2f}-{max(ratios):.2f}"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    with tempfile.TemporaryDirectory() as folder:
        data, cache = Path(folder) / "data", Path(folder) / "pycache"
        for _, code in START:  # once each, unmeasured: compiled modules cached as after install
            launch(code, data, cache)
        load = os.getloadavg()[0]
        results = rounds(runs, data, cache)
        print(
            f"launch to first frame, median of {runs} rounds (headless); load average "
            f"{load:.1f} before, {os.getloadavg()[0]:.1f} after\n"
        )
        print(
            f"{'':<40} {'time':>7} {'x bare':>6} {'(rounds)':>11} {'CPU':>7} {'x bare':>6} "
            f"{'(rounds)':>11} {'memory':>6}"
        )
        bare = results[0]
        bare_wall = statistics.median(wall for wall, _, _ in bare)
        bare_cpu = statistics.median(cpu for _, _, cpu in bare)
        for (name, _), measured in zip(START, results, strict=True):
            wall = statistics.median(seconds for seconds, _, _ in measured)
            cpu = statistics.median(cpu for _, _, cpu in measured)
            peak = statistics.median(peak for _, peak, _ in measured)
            walls = [mine[0] / base[0] for mine, base in zip(measured, bare, strict=True)]
            cpus = [mine[2] / base[2] for mine, base in zip(measured, bare, strict=True)]
            print(
                f"{name:<40} {wall * 1000:>4.0f} ms {wall / bare_wall:>5.2f}x "
                f"{_spread(walls):>11} {cpu * 1000:>4.0f} ms {cpu / bare_cpu:>5.2f}x "
                f"{_spread(cpus):>11} {peak:>3.0f} MB"
            )
        title_wall = statistics.median(wall for wall, _, _ in results[1]) / bare_wall
        title_cpu = statistics.median(cpu for _, _, cpu in results[1]) / bare_cpu
        print(
            f"\ntitle screen: {title_wall:.2f}x the bare window's time, {title_cpu:.2f}x its "
            "CPU (goal: both at most 2.00x)"
        )
        print(
            "time: the wall clock a player waits; CPU: what the process itself used, which "
            "other programs\non a busy machine disturb less; (rounds): the lowest and highest "
            "ratio of one round"
        )
        print("\npeak memory after 330 frames (11 s at the game's 30 fps):\n")
        for name, code in MEMORY:
            print(f"{name:<40} {launch(code, data, cache)[1]:>6.0f} MB")


if __name__ == "__main__":
    main()
