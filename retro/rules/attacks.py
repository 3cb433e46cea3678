"""Rules for games of attacks (Wall): cards of the player's hand are moved onto a pile of the
table as an attack, and win it when they weigh more than the pile does.

A card weighs its rank (Ace 1 .. King 13). A pile weighs its own cards and the cards of the
piles that weigh with it (`weighs_with` in the game file: in a wall, the cards still lying
above a card hold it in place). An attack is an ordinary card move onto the pile attacked
(`outweighs` accepts it), settled at once by the auto rule `attack`, so a move stays source,
count and target and undo takes the whole attack back. Which piles may be attacked at all is
the cover rule's (`covered_by`, `opened_by`: retro.engine.cover).
"""

from __future__ import annotations

from collections.abc import Iterable

from retro.engine import cover
from retro.engine.bound import Accept, Action, Auto, Condition
from retro.engine.cards import Card, plain_rank
from retro.engine.position import Pile, Position
from retro.i18n import say
from retro.rules.registry import rule


def weight(cards: Iterable[Card]) -> int:
    """What cards weigh together: the sum of their ranks, Ace 1 (also in an Ace-high pack)."""
    return sum(plain_rank(card) for card in cards)


def defence(pile: Pile, landed: int = 0) -> int:
    """What an attack on `pile` must outweigh: its cards (all but the `landed` attackers on
    top) and the cards of the piles weighing with it."""
    own = pile.cards[: len(pile.cards) - landed]
    return weight(own) + sum(weight(other.cards) for other in pile.weighs)


def _hidden(pile: Pile) -> bool:
    """Does a face-down card count in the pile's defence? Then no number may be told."""
    return bool(pile.down) or any(other.down for other in pile.weighs)


@rule(
    "accept",
    "Cards attack a pile holding cards: they land only when together they weigh more than it "
    "(ranks added, Ace 1, King 13: its cards and those of the piles that weigh with it, "
    "`weighs_with`).",
)
def outweighs() -> Accept:
    """Wall's attack: the attackers must outweigh the card and the cards holding it in place.
    Depends on other piles (`weighs_with`), so it is tested, never indexed."""

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return bool(dst.cards) and weight(src.cards[-count:]) > defence(dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if not dst.cards:
            return say("{pile} is empty: there is nothing to attack", pile=dst.id)
        strength = weight(src.cards[-count:])
        if _hidden(dst):
            return say(
                "An attack weighing {strength} is not enough for {pile}",
                strength=strength,
                pile=dst.id,
            )
        return say(
            "An attack weighing {strength} is not enough: {pile} weighs {defence}",
            strength=strength,
            pile=dst.id,
            defence=defence(dst),
        )

    return Accept(test, why, local=False)


@rule(
    "auto",
    "After a move lands cards on a pile of `groups`, the attack is settled: when they weigh "
    "more than the pile (as for outweighs), its cards and theirs go to `to` and the running "
    "score gains what the pile weighed; otherwise (an attack allowed anyway, on a face-down "
    "pile) only the attacking cards go to `to`, and the pile's cards turn face up.",
)
def attack(groups: tuple[str, ...], to: str = "discard") -> Auto:
    """The second half of an attack: the move is the journal's first change, and once its
    target has given cards it is settled (the autos run again and must not settle it twice)."""
    names = frozenset(groups)

    def apply(position: Position) -> bool:
        journal = position.journal
        if not journal:
            return False
        _, landed, dst, _, _ = journal[0]
        if dst is None or landed < 1 or dst.group.name not in names:
            return False
        if any(change[0] is dst for change in journal[1:]):
            return False
        target = position.groups[to][0]
        held = defence(dst, landed)
        if weight(dst.cards[-landed:]) > held:
            position.transfer(dst, len(dst.cards), target)
            position.bump("score", held)
        else:
            position.transfer(dst, landed, target)
            if dst.down:
                position.reveal(dst)
        return True

    return Auto(apply)


@rule(
    "action",
    "Every card of `groups` goes to `to`: a hand thrown away before a deal gives a new one "
    "(`{then: [sweep, deal_row]}`); with held, only while this pile holds cards to deal.",
)
def sweep(groups: tuple[str, ...], to: str = "discard", held: bool = False) -> Action:
    """Wall's deal throws the cards left in the hand away first; a separate action, so any
    deal may follow it. With `held` its refusal is the deal's own ("The stock is empty"), so
    the two, joined by `then`, say one thing."""

    def available(position: Position, pile: Pile) -> bool:
        return position.holding(groups) and (not held or bool(pile.cards))

    def why(position: Position, pile: Pile) -> str:
        if held and not pile.cards:
            return say("The {pile} is empty", pile=pile.id)
        return say("There is nothing to throw away")

    def apply(position: Position, pile: Pile) -> None:
        # piles taken in the order of their cards, not of their places: alike piles swapped
        # must leave the same pile of thrown cards (the position's key counts them as a set)
        target = position.groups[to][0]
        for name in groups:
            full = [source for source in position.groups[name] if source.cards]
            for source in sorted(full, key=lambda p: [card.code for card in p.cards]):
                position.transfer(source, len(source.cards), target)

    return Action("sweep", available, why, apply)


@rule(
    "condition",
    "Holds while the cards of `hand` together could still win an attack on a pile of `targets` "
    "that is open (not covered, not shut): they outweigh it; with blind, also while they hold "
    "a card and such a pile shows only face-down cards (an attack allowed anyway).",
)
def attack_left(hand: tuple[str, ...], targets: tuple[str, ...], blind: bool = False) -> Condition:
    """Wall is lost when the stock is out and this no longer holds: the hand's cards can still
    be moved between its piles, so 'no move left' never comes."""

    def test(position: Position) -> bool:
        cards = [card for name in hand for pile in position.groups[name] for card in pile.cards]
        if not cards:
            return False
        strength = weight(cards)
        for name in targets:
            for pile in position.groups[name]:
                if not pile.cards or cover.closed(pile):
                    continue
                if blind and len(pile.cards) == pile.down:
                    return True
                if strength > defence(pile):
                    return True
        return False

    def why(position: Position) -> str:
        return say("No attack can be won with the cards in hand")

    return Condition(test, why)
