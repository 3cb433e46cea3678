"""PC-speaker beeps: one square-wave voice, a few short tunes, and a mute switch.

pyxel mixes sound on its own; without an audio device it stays silent and raises nothing, so
headless runs and CI need no special case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyxel

# name: (notes, speed). Square wave ("s"), full volume, no effects: what a PC speaker could do.
TUNES: dict[str, tuple[str, int]] = {
    "refuse": ("c1r c1", 4),
    "deal": ("c3", 2),
    "drop": ("g3", 1),
    "suit": ("c3e3g3c4", 5),
    "win": ("c3e3g3c4 rg3c4 c4", 8),
}


class Beeper:
    """Plays the tunes on channel 0 while sound is on."""

    def __init__(self, enabled: bool = True) -> None:
        import pyxel

        self._pyxel = pyxel
        self.enabled = enabled
        self.played: list[str] = []  # what was asked for, so tests can hear without a speaker
        self._sounds: dict[str, pyxel.Sound] = {}
        for name, (notes, speed) in TUNES.items():
            sound = pyxel.Sound()
            sound.set(notes, "s", "6", "n", speed)
            self._sounds[name] = sound

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        self.played.append(name)
        self._pyxel.play(0, self._sounds[name])

    def toggle(self) -> bool:
        self.enabled = not self.enabled
        if not self.enabled:
            self._pyxel.stop()
        return self.enabled
