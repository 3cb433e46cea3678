"""Retro Patience: patience games that look like 1994, each game one YAML file."""

__version__ = "0.1.0"
