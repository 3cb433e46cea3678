"""The rule reference in Markdown, written from the registry so the docs never drift."""

from __future__ import annotations

from retro.rules.registry import KINDS, all_rules

_KIND_TITLES = {
    "pick": "pick: what may be lifted from a pile",
    "accept": "accept: where cards may land",
    "action": "action: what a key or click on a pile does",
    "rotate": "rotate: turning cards round inside a pile (keys F and B)",
    "deal": "deal: ways a deal step lays its cards (the step's `rule`)",
    "auto": "auto: what the game does by itself after each move",
    "condition": "condition: questions about the whole position (win, lose, allowed)",
    "score": "score: how the score is kept",
}


def rule_reference_markdown() -> str:
    lines: list[str] = []
    specs = all_rules()
    for kind in KINDS:
        lines += [f"### {_KIND_TITLES[kind]}", ""]
        if kind in ("accept", "condition"):
            lines += ["Combine them with `{any: [...]}`, `{all: [...]}` and `{not: rule}`.", ""]
        if kind == "action":
            lines += ["Do several on one key with `{then: [...]}`: each that can act, in turn.", ""]
        if not any(spec.kind == kind for spec in specs):
            lines += ["None are built in: a rule plugin adds them (docs/plugins.md).", ""]
            continue
        lines += ["| rule | parameters | what it does |", "|---|---|---|"]
        for spec in specs:
            if spec.kind == kind:
                params = spec.signature().replace("|", "\\|") or "-"
                lines.append(f"| `{spec.name}` | {params} | {spec.description} |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"
