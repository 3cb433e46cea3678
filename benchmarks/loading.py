"""Reading game files and saves: what start-up and resuming cost, and what hostile files cost.

Prints, for the bundled games: parsing every file with the pure-Python YAML parser next to
libyaml's (the loader uses libyaml when PyYAML has it; both give the same marks), the menu's
reading of every game, loading every game, and the import of jsonschema (which waits until a
game is first loaded). Then resuming saves of 1,000 to 100,000 moves, and refusing hostile
game files (an alias bomb, nesting a hundred thousand deep, a file over the size limit).
Resuming is timed in CPU time of this process (the median of a few runs), so other programs on
a shared machine slow it less; the rest is the best of a few runs of the clock on the wall.
Run: .venv/bin/python benchmarks/loading.py
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

from retro.definition import yamlmarks
from retro.definition.catalog import Catalog
from retro.definition.gamefiles import MAX_FILE_BYTES
from retro.definition.loader import load_game_file
from retro.errors import DefinitionError
from retro.paths import games_dir
from retro.store.saves import resume_current

REPEAT = 5


def best(work: Callable[[], object], repeat: int = REPEAT) -> float:
    """The best of `repeat` runs, in milliseconds (the machine is shared: the best is the
    cost, the rest is waiting)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def parse_all(loader: type, texts: list[tuple[str, str]]) -> None:
    saved = yamlmarks._Loader
    yamlmarks._Loader = loader
    try:
        for name, text in texts:
            yamlmarks.load_marked(text, name)
    finally:
        yamlmarks._Loader = saved


def main() -> None:
    files = sorted(games_dir().glob("*.yaml"))
    texts = [(path.name, path.read_text(encoding="utf-8")) for path in files]
    pure = best(lambda: parse_all(yaml.SafeLoader, texts))
    print(f"{len(files)} game files parsed, pure-Python YAML: {pure:7.1f} ms")
    if hasattr(yaml, "CSafeLoader"):
        fast = best(lambda: parse_all(yaml.CSafeLoader, texts))
        same = all(
            _marks(yaml.CSafeLoader, name, text) == _marks(yaml.SafeLoader, name, text)
            for name, text in texts
        )
        print(
            f"{len(files)} game files parsed, libyaml:            {fast:7.1f} ms "
            f"({pure / fast:.1f}x faster; same marks: {same})"
        )
    imported = subprocess.run(
        [
            sys.executable,
            "-c",
            "import time; t = time.perf_counter(); import jsonschema; "
            "print((time.perf_counter() - t) * 1000)",
        ],
        capture_output=True,
        text=True,
    )
    print(
        f"import jsonschema (deferred to the first game loaded): {float(imported.stdout):7.1f} ms"
    )
    catalog = Catalog()
    ids = catalog.ids()
    print(
        f"the menu reads every game (cached parse):      "
        f"{best(lambda: [catalog.info(i) for i in ids]):7.1f} ms"
    )
    print(
        f"every game loaded (rules bound, checked):      "
        f"{best(lambda: [catalog.load(i) for i in ids], 3):7.1f} ms"
    )
    with tempfile.TemporaryDirectory() as folder:
        resume(catalog, Path(folder))
        hostile(Path(folder))


def _marks(loader: type, name: str, text: str) -> object:
    saved = yamlmarks._Loader
    yamlmarks._Loader = loader
    try:
        return yamlmarks.load_marked(text, name).marks
    finally:
        yamlmarks._Loader = saved


def resume(catalog: Catalog, folder: Path) -> None:
    path = folder / "current-game.json"
    for count in (1_000, 10_000, 100_000):
        moves = ["tableau:1>cell:1", *["cell:1>cell:2", "cell:2>cell:1"] * (count // 2)]
        document = {
            "format": "retro-patience-save",
            "version": 1,
            "game": "freecell",
            "seed": 1,
            "moves": moves[:count],
        }
        text = json.dumps(document)

        path.write_text(text)
        times = []
        for _ in range(5 if count < 100_000 else 3):
            start = time.process_time()
            game, note, _ = resume_current(catalog, path)
            times.append(time.process_time() - start)
            assert game is not None and note is None
            del game  # freed outside the timing: letting a game go is not resuming one
        took = statistics.median(times) * 1000
        print(
            f"resume a save of {count:>7,} moves: {took:8.1f} ms CPU "
            f"({took * 1000 / count:.1f} us a move, median of {len(times)})"
        )


def hostile(folder: Path) -> None:
    bomb = "id: bomb\n" + "".join(
        f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 9) if i else 'x, x, x, x, x, x, x, x, x'}]\n"
        for i in range(9)
    )
    cases = {
        "alias bomb (9^9 values)": bomb,
        "nested 100,000 deep": "id: deep\ntitle: " + "[" * 100_000,
        "a file over the size limit": "id: big\ndeal: [" + "1, " * MAX_FILE_BYTES + "1]\n",
    }
    for name, text in cases.items():
        path = folder / "bad.yaml"
        path.write_text(text)
        start = time.perf_counter()
        try:
            load_game_file(path)
        except DefinitionError as error:
            said = error.messages[0]
        took = (time.perf_counter() - start) * 1000
        print(f"refused, {name}: {took:7.1f} ms  ({said[:60]})")


if __name__ == "__main__":
    main()
