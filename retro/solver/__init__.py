"""Move search and advice over `retro.engine.game.Game`: hints and auto-play for now."""
