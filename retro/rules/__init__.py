"""The vocabulary games are written in: named rule functions, bound from YAML once.

Importing a module of the library registers its rules, so every module is imported here.
"""

from retro.rules import asking as asking
from retro.rules import attacks as attacks
from retro.rules import builds as builds
from retro.rules import cells as cells
from retro.rules import clock as clock
from retro.rules import gaps as gaps
from retro.rules import library as library
from retro.rules import pairs as pairs
from retro.rules import ranksets as ranksets
from retro.rules import remembered as remembered
from retro.rules import rotations as rotations
from retro.rules import scoring as scoring
from retro.rules import spider as spider
from retro.rules import targets as targets
from retro.rules import waste as waste
from retro.rules.registry import REGISTRY, GroupName, RuleSpec, all_rules, lookup, names, rule

__all__ = ["REGISTRY", "GroupName", "RuleSpec", "all_rules", "lookup", "names", "rule"]
