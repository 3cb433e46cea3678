"""The general rule library: picks, places, conditions, actions and scores many games share.

Rules of one family live with that family (`spider`, `gaps`, `pairs`, `waste`, ...); what all
of them use lives in `common`.

Each factory takes its YAML parameters and returns closures. Tests (`test`, `run`, `available`)
are the hot path and answer yes/no only; `why` builds the sentence a person reads, and runs only
when a person's move is refused.
"""

from __future__ import annotations

from retro.engine import cover
from retro.engine.bound import Accept, Action, Auto, Condition, Keyer, Pick, Score
from retro.engine.cards import Card, card_name, parse_rank, plain_rank, rank_name
from retro.engine.gamedef import FOUNDATION
from retro.engine.position import Pile, Position
from retro.i18n import mark, say
from retro.rules.common import (
    SUIT_MODES,
    a_ranks,
    ask_key,
    auto_on_groups,
    n_cards,
    new_key_space,
    offer_keys,
    rank_in_pack,
    run_from_top,
    suit_fits,
    suit_words,
)
from retro.rules.registry import rule

# -- pick: what may be lifted ----------------------------------------------------------------


def _run_pick(follows: str, words: str) -> Pick:
    def run(pile: Pile) -> int:
        return run_from_top(pile, follows)

    def why(pile: Pile, count: int) -> str:
        if not pile.face_up:
            return say("{pile} shows no card to move", pile=pile.id)
        return say(
            "Only a run {words} moves together: {cards} of {pile}, not {count}",
            words=say(words),
            cards=n_cards(run(pile)),
            pile=pile.id,
            count=count,
        )

    return Pick(run, why)


@rule("pick", "Only the top card of a pile may be moved.")
def top_card() -> Pick:
    def run(pile: Pile) -> int:
        return 1 if len(pile.cards) > pile.down else 0

    def why(pile: Pile, count: int) -> str:
        if not pile.face_up:
            return say("{pile} shows no card to move", pile=pile.id)
        return say("Only the top card can be moved")

    return Pick(run, why)


@rule("pick", "The top card, or a run on top in which each card is one lower and of the same suit.")
def same_suit_run() -> Pick:
    return _run_pick("suit", mark("of one suit in sequence"))


@rule("pick", "The top card, or a run on top going down one rank at a time in alternating colours.")
def alternate_color_run() -> Pick:
    return _run_pick("color", mark("in sequence and alternating colours"))


@rule("pick", "The top card, or a run on top going down one rank at a time, whatever the suits.")
def descending_run() -> Pick:
    return _run_pick("any", mark("in sequence"))


@rule("pick", "Any face-up card, with all the cards lying on it.")
def any_face_up() -> Pick:
    def run(pile: Pile) -> int:
        return len(pile.cards) - pile.down

    def why(pile: Pile, count: int) -> str:
        return say("{pile} has only {cards} face up", pile=pile.id, cards=n_cards(run(pile)))

    return Pick(run, why)


# -- accept: where cards may land --------------------------------------------------------------


@rule("accept", "An empty pile takes any card or movable run.")
def empty() -> Accept:
    key = new_key_space()
    yes = (key,)

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return () if pile.cards else yes

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not dst.cards

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("{pile} is not empty", pile=dst.id)

    def holds(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("{pile} is empty: nothing goes on an empty pile here", pile=dst.id)

    return Accept(test, why, (Keyer(pile_keys, constant=key),), exact=True, holds=holds)


@rule(
    "accept",
    "Cards go on a face-up card one rank higher (suit: any, same, alternate colour, other, "
    "same_color: the same colour).",
    suit=SUIT_MODES,
)
def rank_below(suit: str = "any") -> Accept:
    space = new_key_space()
    mode = suit

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if len(pile.cards) <= pile.down:
            return ()
        top = pile.cards[-1]
        return offer_keys(space, mode, top.rank - 1, top)

    def card_key(card: Card) -> int:
        return ask_key(space, mode, card)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if len(dst.cards) <= dst.down:
            return False
        card, top = src.cards[-count], dst.cards[-1]
        return card.rank + 1 == top.rank and suit_fits(mode, card, top)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        card = src.cards[-count]
        if not dst.cards:
            return say("{pile} is empty: only a card one rank lower goes on a card", pile=dst.id)
        if not dst.face_up:
            return say("{pile} shows no face-up card", pile=dst.id)
        if rank_in_pack(position, card.rank + 1) is None:
            if _an_empty_pile_takes(position, src, count, dst):
                return say(
                    "No card is higher than {card}: it goes only to an empty place",
                    card=card_name(card),
                )
            return say(
                "No card is higher than {card}: it goes on no card here", card=card_name(card)
            )
        return say(
            "{card} goes only on {a_rank}{suit}, not on {top}",
            card=card_name(card),
            suit=suit_words(mode),
            top=card_name(dst.cards[-1]),
            a_rank=a_ranks(card.rank + 1),
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True)


def _an_empty_pile_takes(position: Position, src: Pile, count: int, dst: Pile) -> bool:
    """Does an empty pile of `dst`'s group take these cards now? Only then may a refusal send
    them to an empty place (La Belle Lucie's fans, once gone, take nothing)."""
    accept = dst.group.accept
    return accept is not None and any(
        not pile.cards and accept.test(position, src, count, pile)
        for pile in position.groups[dst.group.name]
    )


@rule(
    "accept",
    "One card at a time onto a card one rank lower (foundations: suit same by default).",
    suit=SUIT_MODES,
)
def rank_above(suit: str = "same") -> Accept:
    space = new_key_space()
    mode = suit

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if len(pile.cards) <= pile.down:
            return ()
        top = pile.cards[-1]
        return offer_keys(space, mode, top.rank + 1, top)

    def card_key(card: Card) -> int:
        return ask_key(space, mode, card)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or len(dst.cards) <= dst.down:
            return False
        card, top = src.cards[-1], dst.cards[-1]
        return card.rank == top.rank + 1 and suit_fits(mode, card, top)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        if not dst.cards:
            return say("{pile} is empty", pile=dst.id)
        top = dst.cards[-1]
        above = rank_in_pack(position, top.rank + 1)
        if above is None:
            return say(
                "{pile} is complete: nothing goes above {top}", pile=dst.id, top=card_name(top)
            )
        return say(
            "{pile} takes only the {rank}{suit} next",
            pile=dst.id,
            rank=rank_name(above),
            suit=suit_words(mode),
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key, max_count=1),), exact=True)


@rule("accept", "An empty pile takes only a card of the given rank (A, K, ...).")
def base(rank: str = "A") -> Accept:
    space = new_key_space()
    wanted = parse_rank(rank)  # T and 10 alike; a word that is no rank is an error here

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return () if pile.cards else (space,)

    def card_key(card: Card) -> int | None:
        return space if plain_rank(card) == wanted else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not dst.cards and plain_rank(src.cards[-count]) == wanted

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards:
            return say("{pile} is not empty", pile=dst.id)
        return say(
            "An empty {group} place takes only {a_rank}",
            group=dst.group.name,
            a_rank=a_ranks(wanted),
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True)


@rule("accept", "Only one card at a time.")
def single() -> Accept:
    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("Only one card at a time goes to {pile}", pile=dst.id)

    return Accept(test, why)


@rule("accept", "Only the first empty pile of its group (they fill in order).")
def first_empty() -> Accept:
    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if dst.cards:
            return False
        for pile in position.groups[dst.group.name]:
            if not pile.cards:
                return pile is dst
        return False

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("{pile} is not the next free {group} pile", pile=dst.id, group=dst.group.name)

    return Accept(test, why, local=False)


@rule(
    "accept", "A pile showing no face-up card (only face-down ones) takes any card or movable run."
)
def face_down_only() -> Accept:
    key = new_key_space()
    yes = (key,)

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return yes if pile.cards and len(pile.cards) == pile.down else ()

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return bool(dst.cards) and len(dst.cards) == dst.down

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("{pile} shows a face-up card", pile=dst.id)

    return Accept(test, why, (Keyer(pile_keys, constant=key),), exact=True)


@rule("accept", "Only cards coming from the named pile groups.")
def from_group(groups: tuple[str, ...]) -> Accept:
    allowed = frozenset(groups)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return src.group.name in allowed

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say(
            "{pile} takes cards only from {groups}", pile=dst.id, groups=", ".join(sorted(allowed))
        )

    def holds(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("{pile} takes no cards from {group}", pile=dst.id, group=src.group.name)

    return Accept(test, why, holds=holds)


# -- conditions ---------------------------------------------------------------------------------


@rule("condition", "Won when every card lies on the foundations.")
def all_on_foundations() -> Condition:
    def each(pile: Pile) -> bool:
        return pile.kind == FOUNDATION or not pile.cards

    def test(position: Position) -> bool:
        return all(each(pile) for pile in position.piles)

    def why(position: Position) -> str:
        return say("Not every card is on the foundations")

    return Condition(test, why, each)


# -- actions -----------------------------------------------------------------------------------


@rule(
    "action",
    "Deal one face-up card from this pile onto every pile of a group, in order, if `allowed`; "
    "with builds: false a dealt card never counts as the player's same-suit build.",
    ordered=("to",),
    while_holding=True,
)
def deal_row(to: str = "tableau", allowed: Condition | None = None, builds: bool = True) -> Action:
    def available(position: Position, pile: Pile) -> bool:
        return bool(pile.cards) and (allowed is None or allowed.test(position))

    def why(position: Position, pile: Pile) -> str:
        if not pile.cards:
            return say("The {pile} is empty", pile=pile.id)
        assert allowed is not None
        return allowed.why(position)

    def apply(position: Position, pile: Pile) -> None:
        first = len(position.events)
        for target in position.groups[to]:
            if not pile.cards:
                break
            position.transfer(pile, 1, target)
        if not builds:
            position.events[first:] = [
                event for event in position.events[first:] if event[0] != "built_same_suit"
            ]
        position.emit("dealt")

    return Action(
        "deal", available, why, apply, tallies=allowed.tallies if allowed is not None else ()
    )


@rule("action", "Turn the top card of a pile that shows no face-up card.")
def flip_top() -> Action:
    def available(position: Position, pile: Pile) -> bool:
        return bool(pile.cards) and len(pile.cards) == pile.down

    def why(position: Position, pile: Pile) -> str:
        if not pile.cards:
            return say("{pile} is empty", pile=pile.id)
        return say("{pile} already shows a face-up card", pile=pile.id)

    return Action("flip", available, why, lambda position, pile: position.flip(pile))


# -- automatic moves ---------------------------------------------------------------------------


@rule(
    "auto",
    "A face-down card left on top of a pile turns face up by itself; with last, only a pile's "
    "last card (a face-down reserve whose bottom card comes into play once the rest has gone).",
)
def turn_exposed(group: str = "tableau", last: bool = False) -> Auto:
    def turn(position: Position, piles: list[Pile]) -> bool:
        changed = False
        for pile in piles:
            if pile.down and len(pile.cards) == pile.down and (not last or pile.down == 1):
                position.flip(pile)
                changed = True
        return changed

    return auto_on_groups((group,), turn)


@rule(
    "auto",
    "A face-down card turns face up by itself once no card lies on it any more "
    "(`covered_by`): the peaks of Tri Peaks.",
)
def turn_uncovered(group: str = "tableau") -> Auto:
    """Looks at the piles a move changed and the piles they lay on: only those can have been
    uncovered."""

    def turn(position: Position, pile: Pile) -> bool:
        if (
            pile.down
            and len(pile.cards) == pile.down
            and pile.group.name == group
            and not cover.lying_on(pile.over)
        ):
            position.flip(pile)
            return True
        return False

    def on_piles(position: Position, piles: list[Pile]) -> bool:
        changed = False
        for pile in piles:
            changed = turn(position, pile) or changed
            for under in pile.under:
                changed = turn(position, under) or changed
        return changed

    def apply(position: Position) -> bool:
        return on_piles(position, position.groups[group])

    return Auto(apply, on_piles)


# -- scores --------------------------------------------------------------------------------------


@rule(
    "score",
    "A running score: points for each event (action, flipped, built_same_suit, run_removed, won, "
    "dealt, and to_<kind> for each card landing on a pile of that kind).",
)
def points(
    action: int = 0,
    flipped: int = 0,
    built_same_suit: int = 0,
    run_removed: int = 0,
    won: int = 0,
    dealt: int = 0,
    to_foundation: int = 0,
    to_tableau: int = 0,
    to_grid: int = 0,
    to_cell: int = 0,
    to_waste: int = 0,
    maximum: int = 0,
) -> Score:
    table = {
        "action": action,
        "flipped": flipped,
        "built_same_suit": built_same_suit,
        "run_removed": run_removed,
        "won": won,
        "dealt": dealt,
        "to_foundation": to_foundation,
        "to_tableau": to_tableau,
        "to_grid": to_grid,
        "to_cell": to_cell,
        "to_waste": to_waste,
    }
    return Score(None, {name: value for name, value in table.items() if value}, maximum)


@rule("score", "The game keeps no score.")
def no_score() -> Score:
    return Score()
