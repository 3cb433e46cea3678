"""Write the desktop entry's icon, assets/linux/retro-patience.png, from the window's icon
(retro/ui/drawing/icon.py), so the two never differ. Run after changing the icon:
.venv/bin/python tools/build_icon.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from retro.ui.drawing.icon import write_png  # noqa: E402 - the checkout's package

if __name__ == "__main__":
    target = ROOT / "assets" / "linux" / "retro-patience.png"
    write_png(target)
    print(target)
