"""The shared rule library: every rule a game file can name.

Each factory takes its YAML parameters and returns closures. Tests (`test`, `run`, `available`)
are the hot path and answer yes/no only; `why` builds the sentence a person reads, and runs only
when a person's move is refused.
"""

from __future__ import annotations

import itertools

from retro.cards import Card, card_name, rank_name
from retro.engine.model import (
    Accept,
    Action,
    Auto,
    Condition,
    Keyer,
    Pick,
    Pile,
    Position,
    Score,
)
from retro.rules.registry import rule

_spaces = itertools.count(1)


def new_key_space() -> int:
    """A fresh range of index keys, so two rules never mistake each other's keys."""
    return next(_spaces) << 16


def _cards(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"


# -- pick: what may be lifted ----------------------------------------------------------------


def run_from_top(pile: Pile, follows: str, wrap: bool = False) -> int:
    """Length of the run at the top of `pile` in which each card is one rank below the card under
    it (with `wrap`, a King may lie on an Ace); `follows` is "suit" (same suit), "color"
    (alternating colours) or "any"."""
    cards = pile.cards
    top = len(cards) - 1
    if top < pile.down:
        return 0
    length = 1
    i = top
    while i > pile.down:
        upper, lower = cards[i], cards[i - 1]
        if (upper.rank % 13 + 1 if wrap else upper.rank + 1) != lower.rank:
            break
        if follows == "suit" and upper.suit != lower.suit:
            break
        if follows == "color" and upper.color == lower.color:
            break
        length += 1
        i -= 1
    return length


def _run_pick(follows: str, words: str) -> Pick:
    def run(pile: Pile) -> int:
        return run_from_top(pile, follows)

    def why(pile: Pile, count: int) -> str:
        if not pile.face_up:
            return f"{pile.id} shows no card to move"
        return f"Only a run {words} moves together: {_cards(run(pile))} of {pile.id}, not {count}"

    return Pick(run, why)


@rule("top_card", "pick", "Only the top card of a pile may be moved.")
def top_card() -> Pick:
    def run(pile: Pile) -> int:
        return 1 if len(pile.cards) > pile.down else 0

    def why(pile: Pile, count: int) -> str:
        if not pile.face_up:
            return f"{pile.id} shows no card to move"
        return "Only the top card can be moved"

    return Pick(run, why)


@rule("same_suit_run", "pick",
      "The top card, or a run on top in which each card is one lower and of the same suit.")
def same_suit_run() -> Pick:
    return _run_pick("suit", "of one suit in sequence")


@rule("alternate_color_run", "pick",
      "The top card, or a run on top going down one rank at a time in alternating colours.")
def alternate_color_run() -> Pick:
    return _run_pick("color", "in sequence and alternating colours")


@rule("descending_run", "pick",
      "The top card, or a run on top going down one rank at a time, whatever the suits.")
def descending_run() -> Pick:
    return _run_pick("any", "in sequence")


@rule("any_face_up", "pick", "Any face-up card, with all the cards lying on it.")
def any_face_up() -> Pick:
    def run(pile: Pile) -> int:
        return len(pile.cards) - pile.down

    def why(pile: Pile, count: int) -> str:
        return f"{pile.id} has only {_cards(run(pile))} face up"

    return Pick(run, why)


# -- accept: where cards may land --------------------------------------------------------------

SUIT_MODES = ("any", "same", "alternate", "other")


def suit_fits(mode: str, card: Card, top: Card) -> bool:
    """May `card` lie on `top` as far as suits go (any, same, alternate colour, other suit)?"""
    if mode == "same":
        return card.suit == top.suit
    if mode == "alternate":
        return card.color != top.color
    if mode == "other":
        return card.suit != top.suit
    return True


def offer_keys(space: int, mode: str, rank: int, top: Card) -> tuple[int, ...]:
    """The index keys of the cards of `rank` that `mode` lets onto `top` (see `ask_key`)."""
    if mode == "any":
        return (space + rank,)
    if mode == "same":
        return (space + rank * 4 + top.suit,)
    if mode == "alternate":
        return (space + rank * 2 + 1 - top.color,)
    return tuple(space + rank * 4 + suit for suit in range(4) if suit != top.suit)


def ask_key(space: int, mode: str, card: Card) -> int:
    """The index key a moving `card` asks for under `mode` (see `offer_keys`)."""
    if mode == "any":
        return space + card.rank
    if mode == "alternate":
        return space + card.rank * 2 + card.color
    return space + card.rank * 4 + card.suit


SUIT_WORDS = {"any": "", "same": " of the same suit", "alternate": " of the other colour",
               "other": " of another suit"}


@rule("empty", "accept", "An empty pile takes any card or movable run.")
def empty() -> Accept:
    key = new_key_space()
    yes = (key,)

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return () if pile.cards else yes

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not dst.cards

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return f"{dst.id} is not empty"

    return Accept(test, why, (Keyer(pile_keys, constant=key),), exact=True)


@rule("rank_below", "accept",
      "Cards go on a face-up card one rank higher (suit: any, same, alternate colour, other).",
      suit=SUIT_MODES)
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
            return f"{dst.id} is empty: only a card one rank lower goes on a card"
        if not dst.face_up:
            return f"{dst.id} shows no face-up card"
        if rank_in_pack(position, card.rank + 1) is None:
            return f"No card is higher than {card_name(card)}: it goes only to an empty place"
        return (f"{card_name(card)} goes only on a {rank_name(card.rank + 1)}{SUIT_WORDS[mode]}, "
                f"not on {card_name(dst.cards[-1])}")

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True)


@rule("rank_above", "accept",
      "One card at a time onto a card one rank lower (foundations: suit same by default).",
      suit=SUIT_MODES)
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
            return f"Only one card at a time goes to {dst.id}"
        if not dst.cards:
            return f"{dst.id} is empty"
        top = dst.cards[-1]
        above = rank_in_pack(position, top.rank + 1)
        if above is None:
            return f"{dst.id} is complete: nothing goes above {card_name(top)}"
        return f"{dst.id} takes only the {rank_name(above)}{SUIT_WORDS[mode]} next"

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key, max_count=1),), exact=True)


@rule("base", "accept", "An empty pile takes only a card of the given rank (A, K, ...).")
def base(rank: str = "A") -> Accept:
    space = new_key_space()
    wanted = rank.upper()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return () if pile.cards else (space,)

    def card_key(card: Card) -> int | None:
        return space if rank_name(card.rank) == wanted else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return not dst.cards and rank_name(src.cards[-count].rank) == wanted

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards:
            return f"{dst.id} is not empty"
        return f"An empty {dst.group.name} place takes only {_article(wanted)} {wanted}"

    return Accept(test, why, (Keyer(pile_keys, of_card=card_key),), exact=True)


@rule("single", "accept", "Only one card at a time.")
def single() -> Accept:
    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 1

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return f"Only one card at a time goes to {dst.id}"

    return Accept(test, why)


@rule("complete_suit_run", "accept",
      "Only a complete run of one suit, King down to Ace, all thirteen cards at once.")
def complete_suit_run() -> Accept:
    space = new_key_space()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return (space,)

    def card_key(src: Pile, count: int) -> int | None:
        return space if count == 13 and is_complete_run(src.cards[-13:]) else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return count == 13 and len(src.cards) - src.down >= 13 and is_complete_run(
            src.cards[-13:])

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return f"{dst.id} takes only a complete run of one suit from King to Ace"

    return Accept(test, why, (Keyer(pile_keys, card_key=card_key, min_count=13, max_count=13),))


def is_complete_run(cards: list) -> bool:  # type: ignore[type-arg]
    """Thirteen cards of one suit from King (bottom) down to Ace (top)."""
    if len(cards) != 13:
        return False
    suit = cards[0].suit
    return all(card.suit == suit and card.rank == 13 - i for i, card in enumerate(cards))


@rule("first_empty", "accept", "Only the first empty pile of its group (they fill in order).")
def first_empty() -> Accept:
    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if dst.cards:
            return False
        for pile in position.groups[dst.group.name]:
            if not pile.cards:
                return pile is dst
        return False

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return f"{dst.id} is not the next free {dst.group.name} pile"

    return Accept(test, why, local=False)


@rule("face_down_only", "accept",
      "A pile showing no face-up card (only face-down ones) takes any card or movable run.")
def face_down_only() -> Accept:
    key = new_key_space()
    yes = (key,)

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        return yes if pile.cards and len(pile.cards) == pile.down else ()

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return bool(dst.cards) and len(dst.cards) == dst.down

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return f"{dst.id} shows a face-up card"

    return Accept(test, why, (Keyer(pile_keys, constant=key),), exact=True)


def _article(rank_word: str) -> str:
    return "an" if rank_word in ("A", "8") else "a"


def rank_in_pack(position: Position, rank: int) -> int | None:
    """`rank` if this game's pack has it (A above K in an Ace-high pack), else None: messages
    must never offer a card the pack lacks (a card after the King, a 6 in the 32-card pack)."""
    deck = position.gdef.deck
    ranks = {14 if deck.ace_high and r == 1 else r for r in deck.ranks}
    return rank if rank in ranks else None


def neighbour(position: Position, pile: Pile, offset: int) -> Pile | None:
    """The pile `offset` places along the same grid row (rows never wrap), or None."""
    group = pile.group
    columns = group.layout.columns or group.count
    column = pile.slot % columns + offset
    if not 0 <= column < columns:
        return None
    return position.groups[group.name][pile.slot + offset]


@rule("fills_gap", "accept",
      "A gap takes one card: the same suit, one rank above its left neighbour (sides: left, "
      "both: or one below its right neighbour); a gap at a row's start takes `first` (or nothing).",
      sides=("both", "left"),
      ordered=("self",))
def fills_gap(sides: str = "both", first: str = "") -> Accept:
    space = new_key_space()
    both = sides == "both"
    first_rank = first.upper()

    def pile_keys(position: Position, pile: Pile) -> tuple[int, ...]:
        if pile.cards:
            return ()
        keys = []
        left = neighbour(position, pile, -1)
        if left is None:
            if first_rank:
                keys.append(space + 1)
        elif left.cards:
            top = left.cards[-1]
            keys.append(space + 8 + (top.rank + 1) * 4 + top.suit)
        if both:
            right = neighbour(position, pile, 1)
            if right is not None and right.cards:
                top = right.cards[-1]
                keys.append(space + 8 + (top.rank - 1) * 4 + top.suit)
        return tuple(keys)

    def card_key(card: Card) -> int:
        return space + 8 + card.rank * 4 + card.suit

    def first_key(card: Card) -> int | None:
        return space + 1 if rank_name(card.rank) == first_rank else None

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        if count != 1 or dst.cards:
            return False
        offered = pile_keys(position, dst)
        card = src.cards[-1]
        return card_key(card) in offered or first_key(card) in offered

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if dst.cards:
            return f"{dst.id} is not a gap"
        if count != 1:
            return "Only one card at a time fills a gap"
        offers = []
        left = neighbour(position, dst, -1)
        if left is None:
            if first_rank:
                offers.append(f"{_article(first_rank)} {first_rank}")
        elif left.cards:
            top = left.cards[-1]
            above = rank_in_pack(position, top.rank + 1)
            if above is not None:
                offers.append(card_name(Card(above, top.suit)))
        right = neighbour(position, dst, 1) if both else None
        if right is not None and right.cards:
            top = right.cards[-1]
            below = rank_in_pack(position, top.rank - 1)
            if below is not None:
                offers.append(card_name(Card(below, top.suit)))
        rule_text = ("A gap takes the same suit one rank above its left neighbour"
                     + (" or one below its right neighbour" if both else "")
                     + (f" (at a row's start: {_article(first_rank)} {first_rank})"
                        if first_rank else ""))
        if not offers:
            return f"{rule_text}: nothing fits {dst.id} now"
        return f"{rule_text}: {dst.id} takes only {' or '.join(offers)}"

    keyers = (Keyer(pile_keys, of_card=card_key, max_count=1),) + (
        (Keyer(pile_keys, of_card=first_key, max_count=1),) if first_rank else ())
    return Accept(test, why, keyers, exact=True, local=False)


@rule("source_left_gap", "accept",
      "Only from a place whose left neighbour is a gap (never from a row's first place).",
      ordered=("self",))
def source_left_gap() -> Accept:
    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        left = neighbour(position, src, -1)
        return left is not None and not left.cards

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        if neighbour(position, src, -1) is None:
            return f"A card in a row's first place never goes to {dst.group.name} directly"
        return f"A card goes to {dst.group.name} only with a gap on its left"

    return Accept(test, why, local=False)


@rule("from_group", "accept", "Only cards coming from the named pile groups.")
def from_group(groups: tuple[str, ...]) -> Accept:
    allowed = frozenset(groups)

    def test(position: Position, src: Pile, count: int, dst: Pile) -> bool:
        return src.group.name in allowed

    def why(position: Position, src: Pile, count: int, dst: Pile) -> str:
        return f"{dst.id} takes cards only from {', '.join(sorted(allowed))}"

    return Accept(test, why)


# -- conditions ---------------------------------------------------------------------------------


def _whole_pile_is_run(pile: Pile, follows: str) -> bool:
    return pile.down == 0 and run_from_top(pile, follows) == len(pile.cards)


@rule("spider_deal_allowed", "condition",
      "Deal only when no pile of the group is empty; relaxed 1: or when every other pile is one "
      "face-up run of one suit; relaxed 2: one face-up run in sequence, any suits.",
      relaxed=(0, 1, 2))
def spider_deal_allowed(group: str = "tableau", relaxed: int = 0) -> Condition:
    follows = "suit" if relaxed == 1 else "any"

    def test(position: Position) -> bool:
        piles = position.groups[group]
        if all(pile.cards for pile in piles):
            return True
        if relaxed == 0:
            return False
        return all(_whole_pile_is_run(pile, follows) for pile in piles if pile.cards)

    def why(position: Position) -> str:
        if relaxed == 0:
            return "No deal while a column is empty: fill every column first"
        words = "of one suit" if relaxed == 1 else "in sequence"
        return ("With an empty column, deal only when every other column is one face-up run "
                f"{words}")

    return Condition(test, why)


@rule("complete_runs_only", "condition",
      "Won when every pile of the group is empty or one complete King-to-Ace run of one suit, "
      "and no card is left anywhere but there and on the foundations.")
def complete_runs_only(group: str = "tableau") -> Condition:
    def each(pile: Pile) -> bool:
        if pile.group.name == group:
            return not pile.cards or (pile.down == 0 and is_complete_run(pile.cards))
        return pile.kind == "foundation" or not pile.cards

    def test(position: Position) -> bool:
        return all(each(pile) for pile in position.piles)

    def why(position: Position) -> str:
        return "Not every column is empty or a complete run"

    return Condition(test, why, each)


@rule("all_on_foundations", "condition", "Won when every card lies on the foundations.")
def all_on_foundations() -> Condition:
    def each(pile: Pile) -> bool:
        return pile.kind == "foundation" or not pile.cards

    def test(position: Position) -> bool:
        return all(each(pile) for pile in position.piles)

    def why(position: Position) -> str:
        return "Not every card is on the foundations"

    return Condition(test, why, each)


# -- actions -----------------------------------------------------------------------------------


@rule("deal_row", "action",
      "Deal one face-up card from this pile onto every pile of a group, in order, if `allowed`; "
      "with builds: false a dealt card never counts as the player's same-suit build.",
      ordered=("to",))
def deal_row(to: str = "tableau", allowed: Condition | None = None, builds: bool = True) -> Action:
    def available(position: Position, pile: Pile) -> bool:
        return bool(pile.cards) and (allowed is None or allowed.test(position))

    def why(position: Position, pile: Pile) -> str:
        if not pile.cards:
            return f"The {pile.id} is empty"
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
                event for event in position.events[first:] if event[0] != "built_same_suit"]
        position.emit("dealt")

    return Action("deal", available, why, apply)


@rule("flip_top", "action", "Turn the top card of a pile that shows no face-up card.")
def flip_top() -> Action:
    def available(position: Position, pile: Pile) -> bool:
        return bool(pile.cards) and len(pile.cards) == pile.down

    def why(position: Position, pile: Pile) -> str:
        if not pile.cards:
            return f"{pile.id} is empty"
        return f"{pile.id} already shows a face-up card"

    return Action("flip", available, why, lambda position, pile: position.flip(pile))


# -- automatic moves ---------------------------------------------------------------------------


@rule("turn_exposed", "auto", "A face-down card left on top of a pile turns face up by itself.")
def turn_exposed(group: str = "tableau") -> Auto:
    def on_piles(position: Position, piles: list[Pile]) -> bool:
        changed = False
        for pile in piles:
            if pile.down and len(pile.cards) == pile.down and pile.group.name == group:
                position.flip(pile)
                changed = True
        return changed

    def apply(position: Position) -> bool:
        return on_piles(position, position.groups[group])

    return Auto(apply, on_piles)


@rule("remove_complete_runs", "auto",
      "A complete King-to-Ace run of one suit on top of a pile goes to the foundations by itself.")
def remove_complete_runs(from_: str = "tableau", to: str = "foundation") -> Auto:
    def on_piles(position: Position, piles: list[Pile]) -> bool:
        changed = False
        for pile in piles:
            if (len(pile.cards) - pile.down >= 13 and pile.group.name == from_
                    and is_complete_run(pile.cards[-13:])):
                target = next((f for f in position.groups[to] if not f.cards), None)
                if target is None:
                    break
                position.transfer(pile, 13, target)
                changed = True
        return changed

    def apply(position: Position) -> bool:
        return on_piles(position, position.groups[from_])

    return Auto(apply, on_piles)


# -- scores --------------------------------------------------------------------------------------


@rule("xpat_spider", "score",
      "XPat2's Spider score, from the position: 10 a turned card, 15 a column with no face-down "
      "card, 2 a card on its same-suit next-higher card, 50 a completed suit (+2 each kept in the "
      "columns beyond the third when all are complete).")
def xpat_spider(group: str = "tableau", foundation: str = "foundation", dealt_down: int = 44,
                relaxed: int = 0, columns: int = 10, suits: int = 8) -> Score:
    def compute(position: Position) -> int:
        points = 0
        down = 0
        kept = 0
        for pile in position.groups[group]:
            cards = pile.cards
            down += pile.down
            if pile.down == 0:
                points += 15
            for i in range(pile.down + 1, len(cards)):
                upper, lower = cards[i], cards[i - 1]
                if upper.suit == lower.suit and upper.rank + 1 == lower.rank:
                    points += 2
            if len(cards) - pile.down >= 13 and is_complete_run(cards[-13:]):
                points += 26
                kept += 1
        removed = sum(len(pile.cards) // 13 for pile in position.groups[foundation])
        points += 10 * (dealt_down - down) + 50 * removed
        if kept + removed == len(position.groups[foundation]):
            points += 2 * max(0, kept - 3)
        return points

    # every card turned, every column clean, every suit complete, all but three kept
    best = 10 * dealt_down + 15 * columns + 50 * suits + 2 * max(0, suits - 3)
    return Score(compute, {}, 0 if relaxed else best)


@rule("points", "score",
      "A running score: points for each event (action, flipped, built_same_suit, run_removed, won, "
      "dealt, and to_<kind> for each card landing on a pile of that kind).")
def points(action: int = 0, flipped: int = 0, built_same_suit: int = 0, run_removed: int = 0,
           won: int = 0, dealt: int = 0, to_foundation: int = 0, to_tableau: int = 0,
           to_grid: int = 0, to_cell: int = 0, to_waste: int = 0, maximum: int = 0) -> Score:
    table = {"action": action, "flipped": flipped, "built_same_suit": built_same_suit,
             "run_removed": run_removed, "won": won, "dealt": dealt,
             "to_foundation": to_foundation, "to_tableau": to_tableau, "to_grid": to_grid,
             "to_cell": to_cell, "to_waste": to_waste}
    return Score(None, {name: value for name, value in table.items() if value}, maximum)


@rule("no_score", "score", "The game keeps no score.")
def no_score() -> Score:
    return Score()
