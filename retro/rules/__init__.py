"""The vocabulary games are written in: named rule functions, bound from YAML once."""

from retro.rules import builds, waste  # noqa: F401  (importing a module registers its rules)
from retro.rules import cells as cells
from retro.rules import gaps as gaps
from retro.rules import library as library
from retro.rules import pairs as pairs
from retro.rules.registry import REGISTRY, RuleSpec, all_rules, lookup, names, rule

__all__ = ["REGISTRY", "RuleSpec", "all_rules", "gaps", "library", "lookup", "names", "rule"]
