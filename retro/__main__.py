"""`python -m retro` is the same program as `retro-patience`."""

from retro.cli import main

raise SystemExit(main())
