"""The computer as a player, over the engine's `Game` and no rules of its own: whether a deal
can be won (`search`), hints and auto-play (`hints`), play without seeing face-down cards
(`honest`), and thinking in slices that hand the frame back to a window (`pacing`)."""
