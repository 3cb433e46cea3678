"""Rules for games of matching cards: pairs and sets that leave the table together (Pyramid,
Monte Carlo, Elevens), piles that match their neighbours (Accordion), and a deal that keeps a
rank's cards apart (Nestor).

A pair is made with an ordinary card move, one card onto its partner (`pairs_with`), and
`discard_pairs` then takes the two away at once, so a move stays source, count and target and
the notation, the console and undo need nothing new (docs/notation.md, "Pairs").
"""

from __future__ import annotations

from retro.engine import cover
from retro.engine.bound import Accept, Action, Auto, Condition, Deal, Keyer
from retro.engine.cards import Card, card_name, parse_rank, plain_rank, rank_name
from retro.engine.cover import CoverMap
from retro.engine.position import Pile, Position
from retro.i18n import say, say_n
from retro.rules.common import auto_on_groups, new_key_space
from retro.rules.registry import rule

_MATCHES = ("total", "rank", "suit")
_SUITS = 14  # key offset of the suit keys (suit match) past the rank values 1..13


def card_value(card: Card) -> int:
    """A card's worth when pairs are added up: Ace 1 (also in an Ace-high pack) up to King 13."""
    return plain_rank(card)


def _pair(match: str, total: int, lower: Card, upper: Card) -> bool:
    if match == "rank":
        return card_value(lower) == card_value(upper)
    if match == "suit":
        return lower.suit == upper.suit
    return card_value(lower) + card_value(upper) == total


def _pair_words(match: str, total: int) -> str:
    if match != "total":
        return say("of the same rank") if match == "rank" else say("of the same suit")
    return say("adding up to {total}", total=total)


# -- pairs ---------------------------------------------------------------------------------------


@rule(
    "accept",
    "One card onto a face-up card it pairs with: adding up to `total` (match: total; "
    "J 11, Q 12, K 13), of the same rank (match: rank) or of the same suit (match: suit).",
    match=_MATCHES,
)
def pairs_with(match: str = "total", total: int = 13) -> Accept:
    """The first half of making a pair: the card goes onto its partner's pile, and
    `discard_pairs` takes both away."""
    space = new_key_space()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if len(pile.cards) <= pile.down:
            return ()
        if match == "suit":
            return (space + _SUITS + pile.cards[-1].suit,)
        return (space + card_value(pile.cards[-1]),)

    def card_key(card: Card) -> int | None:
        if match == "suit":
            return space + _SUITS + card.suit
        if match == "rank":
            return space + card_value(card)
        wanted = total - card_value(card)
        return space + wanted if 1 <= wanted <= 13 else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return (
            count == 1
            and len(dst.cards) > dst.down
            and _pair(match, total, src.cards[-1], dst.cards[-1])
        )

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Pairs are made one card onto one card")
        if len(dst.cards) <= dst.down:
            return say("{pile} shows no card to pair with", pile=dst.id)
        return say(
            "{card} and {other} are no pair: {pair}",
            card=card_name(src.cards[-1]),
            other=card_name(dst.cards[-1]),
            pair=_pair_words(match, total),
        )

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key, max_count=1),), exact=True)


@rule("accept", "One card worth `total` alone (a King, for 13) goes here by itself.")
def worth(total: int = 13) -> Accept:
    """Pyramid's Kings: no partner could make 13 with them, so they go alone."""
    if not 1 <= total <= 13:
        raise ValueError("total must be a card's worth, 1 to 13")
    space = new_key_space()

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1 and card_value(src.cards[-1]) == total

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Only one card at a time goes to {pile}", pile=dst.id)
        return say(
            "Only a {rank} goes to {pile} alone; {card} needs a partner",
            rank=rank_name(total),
            pile=dst.id,
            card=card_name(src.cards[-1]),
        )

    def card_key(card: Card) -> int | None:
        return space if card_value(card) == total else None

    return Accept(
        test,
        why,
        (Keyer(lambda position, pile: (space,), of_card=card_key, max_count=1),),
        exact=True,
    )


@rule(
    "accept",
    "Both cards must be free: in the pyramid of `rows` (each row one pile longer than the one "
    "above), a card is free when neither of the two cards of the next row lying on it is left.",
    ordered=("rows",),
)
def uncovered(rows: tuple[str, ...]) -> Accept:
    """The regular pyramid, a shorthand: its rows expand to a cover map (`covered_by`) and the
    cover rule of retro.engine.cover judges it. Freedom depends on other piles, so it is asked
    when a move is tested (a pick rule sees only its own pile)."""
    found: list[CoverMap] = []  # the map, made the first time: the rows' sizes are the game's

    def covering(position: Position, pile: Pile) -> list[Pile]:
        if not found:
            found.append(cover.pyramid_map(rows, [len(position.groups[row]) for row in rows]))
        by_id = position.by_id
        return cover.lying_on([by_id[name] for name in found[0].get(pile.id, ())])

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not covering(position, src) and not covering(position, dst)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        for pile in (src, dst):
            over = covering(position, pile)
            if over:
                return cover.not_free(pile, over)
        return say("Both cards are free")

    return Accept(test, why, local=False)


@rule(
    "accept",
    "Only onto a place next to it in its group's grid, diagonals included.",
    ordered=("self",),
)
def touching() -> Accept:
    """Monte Carlo's pairs are neighbours in the grid as it lies, gaps and all."""

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if src.group is not dst.group:
            return False
        columns = dst.group.layout.columns or dst.group.count
        return (
            abs(src.slot // columns - dst.slot // columns) <= 1
            and abs(src.slot % columns - dst.slot % columns) <= 1
        )

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return say("{pile} and {other} are not neighbours", pile=src.id, other=dst.id)

    return Accept(test, why, local=False)


@rule(
    "auto",
    "A pair made on a pile of `groups` (its top two face-up cards) goes at once to `to` "
    "(match and total as for pairs_with); with landed, only the pair the move itself made, on "
    "the pile its card landed on, so piles may be dealt face up with pairs in them.",
    match=_MATCHES,
)
def discard_pairs(
    groups: tuple[str, ...],
    to: str = "discard",
    match: str = "total",
    total: int = 13,
    landed: bool = False,
) -> Auto:
    """Only the named groups are watched: their piles never show two face-up cards but for a
    pair just made (a waste, where cards pile up face up, must not be one of them); with
    `landed`, fanned piles may (Fourteen's, Gay Gordons'): only the move's target is looked at."""
    names = frozenset(groups)

    def made_by_the_move(position: Position) -> bool:
        """The move is the journal's first change; once its target has given cards (its
        pair), it is not looked at again."""
        dst = position.journal[0][2] if position.journal else None
        if dst is None or dst.group.name not in names:
            return False
        return not any(change[0] is dst for change in position.journal[1:]) and discard(
            position, [dst]
        )

    def discard(position: Position, piles: list[Pile]) -> bool:
        changed = False
        target = position.groups[to][0]
        for pile in piles:
            cards = pile.cards
            if len(cards) - pile.down >= 2 and _pair(match, total, cards[-2], cards[-1]):
                position.transfer(pile, 2, target)
                position.emit("pair_removed")
                changed = True
        return changed

    if landed:
        return Auto(made_by_the_move)
    return auto_on_groups(groups, discard)


@rule(
    "action",
    "The pile's top two face-up cards go to `to` together when they pair (match and total as "
    "for pairs_with): a waste's top card paired with the card under it.",
    match=_MATCHES,
)
def pair_top_two(to: str = "discard", match: str = "total", total: int = 13) -> Action:
    """Thirteen's waste: a card turned from the stock may pair with the one it covers, which
    no card move can say (a card cannot go onto its own pile), so a click on the pile does it."""

    def top_two(pile: Pile) -> bool:
        cards = pile.cards
        return len(cards) - pile.down >= 2 and _pair(match, total, cards[-2], cards[-1])

    def available(position: Position, pile: Pile) -> bool:
        return top_two(pile)

    def why(position: Position, pile: Pile) -> str:
        if len(pile.cards) - pile.down < 2:
            return say("{pile} shows no two cards to pair", pile=pile.id)
        return say(
            "{card} and {other} are no pair: {pair}",
            card=card_name(pile.cards[-1]),
            other=card_name(pile.cards[-2]),
            pair=_pair_words(match, total),
        )

    def apply(position: Position, pile: Pile) -> None:
        position.transfer(pile, 2, position.groups[to][0])
        position.emit("pair_removed")

    return Action("pair", available, why, apply)


# -- sets of ranks ----------------------------------------------------------------------------


def _set_ranks(ranks: str) -> frozenset[int]:
    """`JQK` to {11, 12, 13}: one character a rank (T for the 10), at least two of them."""
    try:
        values = frozenset(parse_rank(char) for char in ranks)
    except ValueError as error:
        raise ValueError(f"ranks: {error}") from None
    if len(values) < 2 or len(values) != len(ranks):
        raise ValueError("ranks must name two or more different ranks, one character each")
    return values


def _rest_of_set(
    position: Position,
    piles: list[Pile],
    held: set[int],
    ranks: frozenset[int],
    skip: tuple[Pile, ...],
) -> list[Pile] | None:
    """The piles (one a rank) whose top cards complete the set `held` begins, or None. Where
    two piles show a rank, the card first in suit order is taken (spades, hearts, diamonds,
    clubs), never the first pile: which pile holds a card must not matter (interchangeable
    piles, docs/writing-a-game.md)."""
    best: dict[int, Pile] = {}
    for pile in piles:
        if pile in skip or len(pile.cards) <= pile.down:
            continue
        card = pile.cards[-1]
        value = card_value(card)
        if value in ranks and value not in held:
            chosen = best.get(value)
            if chosen is None or card.suit < chosen.cards[-1].suit:
                best[value] = pile
    if len(best) != len(ranks - held):
        return None
    return [best[value] for value in sorted(best)]


@rule(
    "accept",
    "One card of `ranks` (one character a rank, T for 10) onto a face-up card of another of "
    "them, while the rest of the set shows on top of other piles of the group: the whole set "
    "then leaves together (discard_sets).",
)
def completes_set(ranks: str = "JQK") -> Accept:
    """Elevens' Jack, Queen and King leave only as a set: the move that makes the set is allowed
    only when the whole set is in sight, so no half-made set ever waits on the table."""
    values = _set_ranks(ranks)

    def words() -> str:
        return say(" and ").join(rank_name(value) for value in sorted(values))

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or len(dst.cards) <= dst.down or src.group is not dst.group:
            return False
        card, other = card_value(src.cards[-1]), card_value(dst.cards[-1])
        if card not in values or other not in values or card == other:
            return False
        return (
            _rest_of_set(
                position, position.groups[dst.group.name], {card, other}, values, (src, dst)
            )
            is not None
        )

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != 1:
            return say("Sets are made one card onto one card")
        if len(dst.cards) <= dst.down or src.group is not dst.group:
            return say("{pile} shows no card to make a set with", pile=dst.id)
        card, other = src.cards[-1], dst.cards[-1]
        if (
            card_value(card) not in values
            or card_value(other) not in values
            or card_value(card) == card_value(other)
        ):
            return say(
                "{card} and {other} are not two of {ranks}",
                card=card_name(card),
                other=card_name(other),
                ranks=words(),
            )
        return say("The set {ranks} is not all in sight", ranks=words())

    return Accept(test, why, local=False)


@rule(
    "auto",
    "Two different cards of `ranks` on top of a pile of `groups` (its top two face-up cards) "
    "go at once to `to`, with the rest of the set taken from the tops of the other piles of "
    "`groups` (of two cards of a rank, the first in suit order: spades, hearts, diamonds, "
    "clubs).",
)
def discard_sets(groups: tuple[str, ...], to: str = "discard", ranks: str = "JQK") -> Auto:
    """The second half of completes_set. Where the rest of the set shows twice, the card
    first in suit order goes (spades, hearts, diamonds, clubs)."""
    values = _set_ranks(ranks)

    def discard(position: Position, piles: list[Pile]) -> bool:
        changed = False
        target = position.groups[to][0]
        members = [pile for name in groups for pile in position.groups[name]]
        for pile in piles:
            cards = pile.cards
            if len(cards) - pile.down < 2:
                continue
            held = {card_value(cards[-1]), card_value(cards[-2])}
            if len(held) != 2 or not held <= values:
                continue
            rest = _rest_of_set(position, members, held, values, (pile,))
            if rest is None:
                continue
            position.transfer(pile, 2, target)
            for other in rest:
                position.transfer(other, 1, target)
            changed = True
        return changed

    return auto_on_groups(groups, discard)


@rule(
    "deal",
    "`cards` face-up cards on each of the step's piles in turn, none of a rank its pile holds "
    "already: a card that would repeat one is passed over for the next card of the pack that "
    "does not (it is dealt later); when every card left would repeat one, the next card "
    "changes places with a card of a pile dealt before that neither pile then holds twice.",
)
def distinct_ranks(cards: int = 6) -> Deal:
    """Nestor: with two cards of one rank in one column, one would bury its own partner."""
    if not 1 <= cards <= 13:
        raise ValueError("cards must be from 1 to 13: a pile holds one card of each rank at most")

    def lay(position: Position, pack: list[Card], piles: list[Pile]) -> None:
        for done, pile in enumerate(piles):
            ranks: set[int] = set()
            for _ in range(cards):
                if not pack:
                    return
                # the pack is dealt from its end: search from there
                i = next(
                    (i for i in range(len(pack) - 1, -1, -1) if plain_rank(pack[i]) not in ranks),
                    None,
                )
                # when every card left repeats a rank here, the next one is traded for an
                # earlier pile's card
                card = pack.pop(i) if i is not None else _traded(pack.pop(), ranks, piles[:done])
                ranks.add(plain_rank(card))
                pile.cards.append(card)

    return Deal(lay)


def _traded(card: Card, ranks: set[int], earlier: list[Pile]) -> Card:
    """The card to lay instead of `card`, whose rank the pile being dealt holds (`ranks`): the
    first card of an earlier pile, bottom up, of a rank the pile lacks, where `card` can take
    its place without that pile holding a rank twice. `card` itself when none can (a pile of
    more cards than the pack has ranks, or too few piles before it)."""
    rank = plain_rank(card)
    for pile in earlier:
        if any(plain_rank(held) == rank for held in pile.cards):
            continue
        for j, other in enumerate(pile.cards):
            if plain_rank(other) not in ranks:
                pile.cards[j] = card
                return other
    return card


# -- places in a grid ------------------------------------------------------------------------------


@rule(
    "action",
    "Close the gaps of `group`: its cards move up into them in reading order, and the places "
    "freed at the end are filled from this pile.",
    ordered=("group",),
)
def close_gaps(group: str = "grid") -> Action:
    """Monte Carlo's consolidation, on a key of its own: the player says when the pairs are
    done."""

    def work(position: Position, pile: Pile) -> tuple[bool, bool]:
        """(a card can move up, a gap can be filled from this pile)."""
        places = position.groups[group]
        gap = next((i for i, place in enumerate(places) if not place.cards), None)
        if gap is None:
            return False, False
        return any(place.cards for place in places[gap:]), bool(pile.cards)

    def available(position: Position, pile: Pile) -> bool:
        return any(work(position, pile))

    def why(position: Position, pile: Pile) -> str:
        if all(place.cards for place in position.groups[group]):
            return say("No gap to close")
        return say("The gaps are all at the end and the {pile} is empty", pile=pile.id)

    def apply(position: Position, pile: Pile) -> None:
        places = position.groups[group]
        free = 0
        for place in places:
            if place.cards:
                if place is not places[free]:
                    position.transfer(place, len(place.cards), places[free])
                free += 1
        for place in places[free:]:
            if not pile.cards:
                break
            position.transfer(pile, 1, place)
        position.emit("dealt")

    return Action("deal", available, why, apply)


def _left_piles(position: Position, pile: Pile, steps: int) -> Pile | None:
    """The `steps`-th pile holding cards to the left of `pile` in its group (reading order)."""
    members = position.groups[pile.group.name]
    seen = 0
    for slot in range(pile.slot - 1, -1, -1):
        if members[slot].cards:
            seen += 1
            if seen == steps:
                return members[slot]
    return None


@rule(
    "accept",
    "A whole pile goes onto the pile `steps` places to its left (counting only places with "
    "cards) when their top cards match in suit or in rank.",
    ordered=("self",),
)
def match_left(steps: tuple[int, ...] = (1, 3)) -> Accept:
    """Accordion. Indexed by the top cards' suit and rank; the distance is then tested."""
    if not steps or any(step < 1 for step in steps):
        raise ValueError("steps must be 1 or more")
    space = new_key_space()
    by_suit, by_rank = space, space + 64

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if not pile.cards:
            return ()
        top = pile.cards[-1]
        return (by_suit + top.suit, by_rank + top.rank)

    def suit_key(src: Pile, count: int) -> int | None:
        return by_suit + src.cards[-1].suit if count == len(src.cards) else None

    def rank_key(src: Pile, count: int) -> int | None:
        return by_rank + src.cards[-1].rank if count == len(src.cards) else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != len(src.cards) or not dst.cards or src.group is not dst.group:
            return False
        top, other = src.cards[-1], dst.cards[-1]
        if top.suit != other.suit and top.rank != other.rank:
            return False
        return any(_left_piles(position, src, step) is dst for step in steps)

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if count != len(src.cards):
            return say(
                "Only the whole pile moves: all {n} cards of {pile}", n=len(src.cards), pile=src.id
            )
        if not dst.cards or not any(_left_piles(position, src, s) is dst for s in steps):
            return say(
                "A pile goes only {places} piles to its left",
                places=say(" or ").join(str(step) for step in steps),
            )
        return say(
            "{card} matches {other} in neither suit nor rank",
            card=card_name(src.cards[-1]),
            other=card_name(dst.cards[-1]),
        )

    keyers = (Keyer(pile_keys, card_key=suit_key), Keyer(pile_keys, card_key=rank_key))
    return Accept(test, why, keyers)


@rule("condition", "Won when all the cards lie in one pile of `group`.")
def one_pile(group: str = "grid") -> Condition:
    def test(position: Position) -> bool:
        return sum(1 for pile in position.piles if pile.cards) == 1 and any(
            pile.cards for pile in position.groups[group]
        )

    def why(position: Position) -> str:
        left = sum(1 for pile in position.groups[group] if pile.cards)
        return say("{n} piles are left, not one", n=left)

    return Condition(test, why)


@rule(
    "condition",
    "Every pile of the named groups is empty (a win: the pyramid cleared; or a condition: "
    "Calculation turns a card only onto an empty waste).",
)
def groups_cleared(groups: tuple[str, ...]) -> Condition:
    names = frozenset(groups)

    def each(pile: Pile) -> bool:
        return not pile.cards or pile.group.name not in names

    def test(position: Position) -> bool:
        return not any(pile.cards for name in groups for pile in position.groups[name])

    def why(position: Position) -> str:
        holding = [pile.id for name in groups for pile in position.groups[name] if pile.cards]
        piles = ", ".join(holding[:3]) + (" ..." if len(holding) > 3 else "")
        return say_n(
            "Not while {piles} still holds cards",
            "Not while {piles} still hold cards",
            len(holding),
            piles=piles,
        )

    def holds(position: Position) -> str:
        return say_n(
            "while {groups} is empty",
            "while every pile of {groups} is empty",
            sum(len(position.groups[name]) for name in groups),
            groups=say(" and ").join(groups),
        )

    return Condition(test, why, each, holds=holds)
