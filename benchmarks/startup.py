"""Start-up: the time from launching the program to its first drawn frame, next to a bare pyxel
window of the same size measured in the same run, and the memory each process peaked at.

Every figure is a fresh process (Python's start, the imports, pyxel.init, one frame), so the
ratio says what the program adds to what any pyxel game costs. The window is headless (pyxel's
own headless mode draws the same frame without a display); the launcher notes the wall clock
before starting the process and the process prints it after its first frame, with the CPU time
it used so far (less disturbed by other programs than the wall clock). Medians of RUNS
runs, taken round by round so that a busy machine slows every case alike. Goal: the title
screen at most 2x the bare window.
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

_BARE = _REPORT + """
import pyxel
pyxel.init(640, 400, headless=True, capture_sec=CAPTURE)
pyxel.cls(0)
pyxel.text(8, 8, "Hello", 7)
pyxel.flip()
_report()
"""

# The real command line, with pyxel.init made headless and pyxel.run stopped after FRAMES
# frames (stepped at 300 fps so that the memory figures take a second, not eleven).
_PROGRAM = _REPORT + """
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

# 330 frames: pyxel keeps capture_sec x fps frames for its recordings, so at 300 fps its default
# buffer (10 s at pyxel's 30 fps) is 1 s; 330 frames fill it.
_BARE_FRAMES = _REPORT + """
import pyxel
pyxel.init(640, 400, headless=True, fps=300, capture_sec=CAPTURE)
for frame in range(330):
    pyxel.cls(frame % 16)
    pyxel.flip()
_report()
"""


def _program(argv: list[str], frames: int = 1, capture: int | None = None) -> str:
    """The program's harness; `capture` overrides the recording buffer the program asks for."""
    return (_PROGRAM.replace("ARGV", repr(argv)).replace("FRAMES", str(frames))
            .replace("CAPTURE", str(capture)))


START = [
    ("bare pyxel window", _BARE.replace("CAPTURE", "0")),
    ("retro-patience (title screen)", _program([])),
    ("retro-patience spider --seed 1 (table)", _program(["spider", "--seed", "1"])),
]
MEMORY = [
    ("bare pyxel window", _BARE_FRAMES.replace("CAPTURE", "0")),
    ("bare window, pyxel's recording buffer", _BARE_FRAMES.replace("CAPTURE", "1")),
    ("retro-patience spider --seed 1 (table)", _program(["spider", "--seed", "1"], 330)),
    ("the same with pyxel's recording buffer", _program(["spider", "--seed", "1"], 330, 1)),
]


def launch(code: str, data: Path) -> tuple[float, float, float]:
    """Seconds from launch to the report, the peak memory in MB and the CPU seconds used, of
    one process."""
    env = {**os.environ, "RETRO_PATIENCE_DATA": str(data), "SDL_VIDEODRIVER": "dummy"}
    start = time.time()
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, timeout=120,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"a run failed:\n{result.stderr}")
    stamp, peak, cpu = result.stdout.split()[-3:]
    return float(stamp) - start, int(peak) / 1024, float(cpu)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    with tempfile.TemporaryDirectory() as folder:
        for _, code in START:  # once each, unmeasured: compiled modules cached as after install
            launch(code, Path(folder))
        print(f"launch to first frame, median of {runs} runs (headless):\n")
        print(f"{'':<40} {'time':>8} {'x bare':>7} {'CPU':>8} {'x bare':>7} {'memory':>7}")
        # round by round, every case once a round, so a busy moment slows all of them alike
        results: list[list[tuple[float, float, float]]] = [[] for _ in START]
        for _ in range(runs):
            for index, (_, code) in enumerate(START):
                results[index].append(launch(code, Path(folder)))
        bare = statistics.median(seconds for seconds, _, _ in results[0])
        bare_cpu = statistics.median(cpu for _, _, cpu in results[0])
        for (name, _), measured in zip(START, results, strict=True):
            median = statistics.median(seconds for seconds, _, _ in measured)
            cpu = statistics.median(cpu for _, _, cpu in measured)
            peak = statistics.median(peak for _, peak, _ in measured)
            print(f"{name:<40} {median * 1000:>5.0f} ms {median / bare:>6.2f}x "
                  f"{cpu * 1000:>5.0f} ms {cpu / bare_cpu:>6.2f}x {peak:>4.0f} MB")
        print("\ngoal: the title screen at most 2.00x the bare window (time: the wall clock a "
              "player waits; CPU: what\nthe process itself used, which other programs on a "
              "busy machine disturb less)")
        print("\npeak memory after 330 frames (11 s at the game's 30 fps):\n")
        for name, code in MEMORY:
            print(f"{name:<40} {launch(code, Path(folder))[1]:>6.0f} MB")


if __name__ == "__main__":
    main()
