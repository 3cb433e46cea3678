"""Rules for the stock-and-waste family (Klondike, Canfield, Golf, Forty Thieves, Calculation,
La Belle Lucie, ...): turning cards from a stock, going through it again, reserves that fill the
tableau, reshuffling redeals and redeals that keep the order, and the scores these games keep.

How many cards a turn, how many passes, which group fills from which: all parameters, so another
game of the family is a YAML file. Every change goes through `Position.transfer`/`bump`, so undo
stays exact, redeals included.
"""

from __future__ import annotations

from retro.engine.bound import Action, Auto, Condition, Deal, Score
from retro.engine.cards import Card, seed_derived_from, shuffle
from retro.engine.gamedef import FOUNDATION
from retro.engine.position import Pile, Position
from retro.i18n import mark, say
from retro.rules.common import REDEALS, times
from retro.rules.registry import rule

# -- actions -----------------------------------------------------------------------------------


@rule(
    "action",
    "Turn `count` cards of this pile face up onto `to` (the waste); when it is empty, turn `to` "
    "over to make it again, for `passes` runs through it in all (0: no limit), if `allowed`.",
)
def draw(
    to: str = "waste", count: int = 1, passes: int = 0, allowed: Condition | None = None
) -> Action:
    """One action for both halves of a click on the stock, as players expect: turning cards,
    and going through the waste again once the stock is used up."""
    if count < 1:
        raise ValueError("count must be 1 or more")
    if passes < 0:
        raise ValueError("passes must be 0 (no limit) or more")

    def may_redeal(position: Position) -> bool:
        return passes == 0 or position.counters.get(REDEALS, 0) < passes - 1

    def available(position: Position, pile: Pile) -> bool:
        if allowed is not None and not allowed.test(position):
            return False
        if pile.cards:
            return True
        return bool(position.groups[to][0].cards) and may_redeal(position)

    def why(position: Position, pile: Pile) -> str:
        if allowed is not None and not allowed.test(position):
            return allowed.why(position)
        target = position.groups[to][0]
        if not target.cards:
            return say(
                "Nothing to turn: the {pile} and the {other} are empty",
                pile=pile.id,
                other=target.id,
            )
        if passes == 1:
            return say("No redeal: the {pile} is gone through only once", pile=pile.id)
        return say(
            "No redeal left: the {pile} is gone through {times} at most",
            pile=pile.id,
            times=times(passes),
        )

    def apply(position: Position, pile: Pile) -> None:
        target = position.groups[to][0]
        if pile.cards:
            for _ in range(min(count, len(pile.cards))):
                position.transfer(pile, 1, target)
            position.emit("dealt")
            return
        # One card at a time, so the waste comes back upside down: its first card on top.
        while target.cards:
            position.transfer(target, 1, pile, face_down=True)
        position.bump(REDEALS)
        position.emit("redealt")

    return Action(
        "deal",
        available,
        why,
        apply,
        redeals=passes - 1 if passes else None,
        tallies=allowed.tallies if allowed is not None else (),
        turns_onto=to if allowed is None else "",
        turns=count,
    )


@rule(
    "action",
    "Redeal, `limit` times a game: the cards of `group` are gathered, shuffled and dealt out "
    "again `per_pile` to a pile from the first; the piles left over stay empty.",
    ordered=("group",),
)
def shuffle_redeal(group: str = "tableau", per_pile: int = 3, limit: int = 2) -> Action:
    """La Belle Lucie's redeal. The shuffle comes from the deal number and the redeal number
    (`seed_derived_from`, docs/deals.md), so a deal meets the same redeals however often it is
    replayed, undone and redone."""
    if per_pile < 1 or limit < 1:
        raise ValueError("per_pile and limit must be 1 or more")

    def available(position: Position, pile: Pile) -> bool:
        return position.counters.get(REDEALS, 0) < limit and any(
            p.cards for p in position.groups[group]
        )

    def why(position: Position, pile: Pile) -> str:
        if position.counters.get(REDEALS, 0) >= limit:
            return say("No redeal left: {limit} a game, all used", limit=limit)
        return say("No cards left in {group} to redeal", group=group)

    def apply(position: Position, pile: Pile) -> None:
        first_event = len(position.events)
        number = position.counters.get(REDEALS, 0) + 1
        position.bump(REDEALS)
        piles = position.groups[group]
        for source in piles:
            if source.cards:
                position.transfer(source, len(source.cards), pile, face_down=True)
        order = shuffle(list(pile.cards), seed_derived_from(position.seed, number))
        for dealt, card in enumerate(order):
            target = piles[min(dealt // per_pile, len(piles) - 1)]
            _dig_out(position, pile, card, target)
        # The cards' trips through the stock are not the player's moves: one event says it all.
        del position.events[first_event:]
        position.emit("redealt")

    return Action("redeal", available, why, apply, redeals=limit)


@rule(
    "action",
    "Redeal without shuffling, `limit` times a game (0: no limit): the cards of `group` are "
    "gathered pile by pile, each from the bottom up, and dealt out again in that order, "
    "`per_pile` to a pile from the first; the last pile takes any left over, the piles after "
    "stay empty. Refused when it would change nothing.",
    ordered=("group",),
)
def gather_redeal(group: str = "tableau", per_pile: int = 4, limit: int = 0) -> Action:
    """Cruel's redeal: the order of the cards is kept, only the piles' lengths change, so the
    cards of short piles move up into the piles before them. With no limit nothing is counted,
    so a position reached by redeals is the same position however many were made."""
    if per_pile < 1 or limit < 0:
        raise ValueError("per_pile must be 1 or more and limit 0 (no limit) or more")

    def lengths(position: Position) -> tuple[list[int], list[int]]:
        """(the piles' lengths now, their lengths after a redeal)."""
        piles = position.groups[group]
        now = [len(p.cards) for p in piles]
        total = sum(now)
        after = [min(per_pile, max(total - n * per_pile, 0)) for n in range(len(piles))]
        after[-1] += total - sum(after)
        return now, after

    def used_up(position: Position) -> bool:
        return limit > 0 and position.counters.get(REDEALS, 0) >= limit

    def available(position: Position, pile: Pile) -> bool:
        now, after = lengths(position)
        return not used_up(position) and now != after

    def why(position: Position, pile: Pile) -> str:
        if used_up(position):
            return say("No redeal left: {limit} a game, all used", limit=limit)
        return say("A redeal would change nothing: the cards lie {n} to a pile already", n=per_pile)

    def apply(position: Position, pile: Pile) -> None:
        first_event = len(position.events)
        if limit:
            position.bump(REDEALS)
        piles = position.groups[group]
        _, after = lengths(position)
        # One card at a time, the last pile's top first: the first pile's bottom card ends on
        # top, ready to be dealt first.
        for source in reversed(piles):
            for _ in range(len(source.cards)):
                position.transfer(source, 1, pile, face_down=True)
        for target, count in zip(piles, after, strict=True):
            for _ in range(count):
                position.transfer(pile, 1, target)
        del position.events[first_event:]
        position.emit("redealt")

    return Action("redeal", available, why, apply, redeals=limit or None)


def zigzag_plan(piles: int, cards: int, rest_from: int) -> list[tuple[int, bool]]:
    """Where each of `cards` cards goes, in dealing order, and whether face up: rows back and
    forth that narrow from both ends (the first across every pile, the next back from the last
    to the second, on from the second to the one before last, ...), each row's first card face
    up; then, with `rest_from`, the cards left face up round the piles from that one (from 1)
    to the last. A pile whose last card would lie face down gets it face up."""
    plan: list[tuple[int, bool]] = []
    start, stop, step = 0, piles - 1, 1
    for _ in range(piles):
        place = start
        while True:
            plan.append((place, place == start))
            if place == stop:
                break
            place += step
        start, stop, step = stop, start + step, -step
    if rest_from:
        targets = range(rest_from - 1, piles)
        while len(plan) < cards:
            plan.append((targets[(len(plan) - piles * (piles + 1) // 2) % len(targets)], True))
    plan = plan[:cards]
    last = {pile: n for n, (pile, _) in enumerate(plan)}
    return [(pile, up or last[pile] == n) for n, (pile, up) in enumerate(plan)]


def _check_rest_from(rest_from: int) -> None:
    if rest_from < 0:
        raise ValueError("rest_from must be 0 (the cards left stay in the pack) or a pile, from 1")


@rule(
    "deal",
    "Rows back and forth that narrow from both ends: the first across every pile of the step, "
    "the next back from the last pile to the second, then on from the second to the one before "
    "last, until one pile is left; each row's first card face up, the others face down (as "
    "KPat's Grandfather deals). With `rest_from`, the cards left go face up round the piles "
    "from that one (from 1) to the last.",
)
def zigzag(rest_from: int = 0) -> Deal:
    """Grandfather's deal, whose face-down cards grow towards the middle piles."""
    _check_rest_from(rest_from)

    def lay(position: Position, pack: list[Card], piles: list[Pile]) -> None:
        if rest_from > len(piles):
            raise ValueError(f"rest_from {rest_from}: the step has {len(piles)} piles")
        for place, up in zigzag_plan(len(piles), len(pack), rest_from):
            piles[place].cards.append(pack.pop())
            if not up:
                piles[place].down += 1

    return Deal(lay)


@rule(
    "action",
    "Redeal without shuffling, `limit` times a game (0: no limit): the cards of `group` are "
    "picked up, the first pile's top card first, and dealt again as the deal rule zigzag "
    "lays them (with its `rest_from`).",
    ordered=("group",),
)
def zigzag_redeal(group: str = "tableau", limit: int = 2, rest_from: int = 0) -> Action:
    """KPat's Grandfather: twice a game the columns are picked up as they lie and dealt out
    again in the zigzag, so cards buried deep come up without any luck of a shuffle."""
    _check_rest_from(rest_from)
    if limit < 0:
        raise ValueError("limit must be 0 (no limit) or more")

    def used_up(position: Position) -> bool:
        return limit > 0 and position.counters.get(REDEALS, 0) >= limit

    def available(position: Position, pile: Pile) -> bool:
        return (
            not used_up(position)
            and not pile.cards
            and any(p.cards for p in position.groups[group])
        )

    def why(position: Position, pile: Pile) -> str:
        if used_up(position):
            return say("No redeal left: {limit} a game, all used", limit=limit)
        if pile.cards:
            return say("{pile} must be empty to redeal", pile=pile.id)
        return say("No cards left in {group} to redeal", group=group)

    def apply(position: Position, pile: Pile) -> None:
        first_event = len(position.events)
        position.bump(REDEALS)
        piles = position.groups[group]
        for source in reversed(piles):  # the first pile's top card ends on top, dealt first
            if source.cards:
                position.transfer(source, len(source.cards), pile, face_down=True)
        for place, up in zigzag_plan(len(piles), len(pile.cards), rest_from):
            position.transfer(pile, 1, piles[place], face_down=not up)
        del position.events[first_event:]
        position.emit("redealt")

    return Action("redeal", available, why, apply, redeals=limit or None)


def _dig_out(position: Position, pile: Pile, card: Card, target: Pile) -> None:
    """Move `card` from inside `pile` onto `target`: lift the cards above it onto another pile,
    take it, and put them back as they were. Only `transfer` changes a position, and it moves
    tops; this is how a shuffled order is laid out with it (3 transfers a card at most)."""
    above = len(pile.cards) - 1 - pile.cards.index(card)
    helper = next(p for p in position.piles if p is not pile and p is not target)
    if above:
        position.transfer(pile, above, helper)
    position.transfer(pile, 1, target)
    if above:
        position.transfer(helper, above, pile, face_down=True)


# -- automatic moves ---------------------------------------------------------------------------


@rule(
    "auto",
    "An empty pile of `group` is filled at once with the top card of `source`, while `source` "
    "has cards; with `after`, only a pile whose card the move sent to a pile of those groups; "
    "with `allowed`, only while that condition holds; with bottom, its bottom card while all its "
    "cards lie face up (a waste whose oldest card stays in play at its far end).",
)
def fill_from(
    group: str = "tableau",
    source: str = "reserve",
    after: tuple[str, ...] = (),
    allowed: Condition | None = None,
    bottom: bool = False,
) -> Auto:
    """Canfield's spaces: the reserve's card goes there by itself, so a space never waits.
    Plait's edges are filled from the plait only when their card has gone home; Treize's waste
    offers its top card and its oldest, kept on a pile of its own."""
    sent_to = frozenset(after)

    def emptied_by_the_move(position: Position) -> Pile | None:
        journal = position.journal
        if not journal:
            return None
        src, _, dst, _, _ = journal[0]
        return src if dst is not None and dst.group.name in sent_to else None

    def apply(position: Position) -> bool:
        if allowed is not None and not allowed.test(position):
            return False
        if sent_to:
            emptied = emptied_by_the_move(position)
            spaces = [emptied] if emptied is not None and emptied.group.name == group else []
        else:
            spaces = position.groups[group]
        changed = False
        for space in spaces:
            if space.cards:
                continue
            giver = next((p for p in position.groups[source] if p.cards), None)
            if giver is None:
                break
            if bottom and not giver.down:
                position.transfer_bottom(giver, space)
            else:
                position.transfer(giver, 1, space)
            changed = True
        return changed

    return Auto(apply, groups=frozenset((group, source, *after)) if allowed is None else None)


@rule(
    "action",
    "Turn this pile's top card face up onto `to`, first laying the card `to` shows face down "
    "under this pile; `limit` times a game (0: no limit), if `allowed`: a card offered to the "
    "player to choose, and the next one if it is passed over.",
)
def offer(
    to: str = "waste", limit: int = 0, allowed: Condition | None = None, counter: str = "offers"
) -> Action:
    """Hamilton's chooser: three cards are offered in turn for the start card, and a card
    passed over goes back under the stock, to come out again at the very end."""
    if limit < 0:
        raise ValueError("limit must be 0 (no limit) or more")

    def used_up(position: Position) -> bool:
        return limit > 0 and position.counters.get(counter, 0) >= limit

    def available(position: Position, pile: Pile) -> bool:
        return (
            bool(pile.cards)
            and not used_up(position)
            and (allowed is None or allowed.test(position))
        )

    def why(position: Position, pile: Pile) -> str:
        if not pile.cards:
            return say("{pile} is empty", pile=pile.id)
        if used_up(position):
            return say("No card left to offer: {limit} a game, all offered", limit=limit)
        return say("Nothing is offered now")

    def apply(position: Position, pile: Pile) -> None:
        if limit:
            position.bump(counter)
        target = position.groups[to][0]
        if target.cards:
            # Only tops move: the pile goes onto the offered card, and all of it back face down.
            first_event = len(position.events)
            held = len(pile.cards)
            position.transfer(pile, held, target)
            position.transfer(target, held + 1, pile, face_down=True)
            del position.events[first_event:]
        position.transfer(pile, 1, target)

    return Action("offer", available, why, apply)


@rule(
    "auto",
    "An empty pile of `group` is filled at once with the bottom card of the pile of the same "
    "number in `source`: the card nearest to it, when `source` lies fanned below it.",
    ordered=("group", "source"),
)
def fill_from_bottom(group: str = "row", source: str = "tableau") -> Auto:
    """Labyrinth: each column's nearest card stands in the row above it, and when that card is
    played the next card of the column moves up."""

    def apply(position: Position) -> bool:
        changed = False
        for space, column in zip(position.groups[group], position.groups[source], strict=False):
            if space.cards or not column.cards:
                continue
            # Only tops move: the whole column onto the space, then all but its bottom back.
            held = len(column.cards)
            position.transfer(column, held, space)
            if held > 1:
                position.transfer(space, held - 1, column)
            changed = True
        return changed

    return Auto(apply, groups=frozenset((group, source)))


# -- conditions ----------------------------------------------------------------------------------


# -- scores ----------------------------------------------------------------------------------------


@rule(
    "score",
    "From the position: `card` points for each card on the foundations and `turned` for each "
    "card turned face up, `redeal` for each redeal after the first `free_redeals`, from `start` "
    "(floor: never below 0).",
)
def cards_home(
    card: int = 1,
    turned: int = 0,
    redeal: int = 0,
    free_redeals: int = 0,
    start: int = 0,
    floor: bool = False,
    maximum: int = 0,
) -> Score:
    """Worked out from the position, not added up move by move, so moving a card to the
    foundations and back again earns nothing (Windows' points, Vegas' dollars, Canfield's)."""

    def compute(position: Position) -> int:
        home = sum(len(pile.cards) for pile in position.piles if pile.kind == FOUNDATION)
        counters = position.counters
        points = (
            start
            + card * home
            + turned * counters.get("turned", 0)
            + redeal * max(0, counters.get(REDEALS, 0) - free_redeals)
        )
        return max(0, points) if floor else points

    return Score(compute, {}, maximum)


@rule(
    "score",
    "From the position: a point for each card gone from `group` since the deal; once it is "
    "empty, a point more for each card left in `source` (Golf's score, counted upward).",
)
def cards_cleared(group: str = "tableau", source: str = "stock", maximum: int = 0) -> Score:
    def compute(position: Position) -> int:
        dealt = sum(
            sum(step.face_down) + sum(step.face_up)
            for step in position.gdef.deal
            if step.to == group
        )
        left = sum(len(pile.cards) for pile in position.groups[group])
        extra = 0 if left else sum(len(pile.cards) for pile in position.groups[source])
        return dealt - left + extra

    return Score(compute, {}, maximum, name=mark("Cleared"))


def slip_under(position: Position, pile: Pile, own: int, spare: Pile) -> None:
    """Put the `own` bottom cards of `pile` back on top of the cards laid on them, by way of the
    emptied `spare` pile, so that what was laid on them lies under them instead."""
    laid = len(pile.cards) - own
    position.transfer(pile, laid, spare, face_down=True)
    position.transfer(pile, own, spare, face_down=True)
    position.transfer(spare, laid + own, pile, face_down=True)


def lay_out(position: Position, pile: Pile, order: list[Card], spare: Pile) -> None:
    """Put the face-down cards of `pile` in `order` (bottom first), by way of the empty `spare`
    pile: each card dug out onto it in turn, then the lot laid back face down."""
    for card in order:
        _dig_out(position, pile, card, spare)
    position.transfer(spare, len(order), pile, face_down=True)


@rule(
    "action",
    "Gather every card of `groups` onto this pile, pile by pile from each group's first, each "
    "pile laid on as it lies, face down (face_down: false: face up), if `allowed`, `limit` "
    "times a game (0: no limit); with turned, each pile turned over, from the groups' last "
    "pile, so the first pile's bottom card comes out first; with under, the gathered cards go "
    "under the pile's own, to come out once they are dealt (face down only); with shuffled, "
    "the pile is then shuffled (face down only; each redeal of a deal the same shuffle "
    "always). With `then`, a deal can follow: `{then: [{gather: ...}, deal_row]}`.",
    ordered=("groups",),
)
def gather(
    groups: tuple[str, ...],
    face_down: bool = True,
    allowed: Condition | None = None,
    limit: int = 0,
    turned: bool = False,
    under: bool = False,
    shuffled: bool = False,
) -> Action:
    """Piles picked up into the stock so that it can deal them again (as a person gathers the
    tableau, turns it over and deals on, or slips it under the stock's cards)."""
    if limit < 0:
        raise ValueError("limit must be 0 (no limit) or more")
    if (under or shuffled) and not face_down:
        raise ValueError("cards gathered under a pile's cards or shuffled lie face down")

    def sources(position: Position, pile: Pile) -> list[Pile]:
        return [p for name in groups for p in position.groups[name] if p.cards and p is not pile]

    def used_up(position: Position) -> bool:
        return limit > 0 and position.counters.get(REDEALS, 0) >= limit

    def shows_card(pile: Pile) -> bool:
        return len(pile.cards) > pile.down

    def available(position: Position, pile: Pile) -> bool:
        return (
            bool(sources(position, pile))
            and not used_up(position)
            and not (face_down and shows_card(pile))
            and (allowed is None or allowed.test(position))
        )

    def why(position: Position, pile: Pile) -> str:
        if allowed is not None and not allowed.test(position):
            return allowed.why(position)
        if used_up(position):
            return say("No redeal left: {limit} a game, all used", limit=limit)
        if face_down and shows_card(pile):
            return say(
                "Cards cannot be gathered face down onto {pile}'s face-up card", pile=pile.id
            )
        return say("No cards left in {group} to gather", group=", ".join(groups))

    def apply(position: Position, pile: Pile) -> None:
        first_event = len(position.events)
        own, gathered = len(pile.cards), sources(position, pile)
        if limit or shuffled:
            position.bump(REDEALS)
        if turned:  # card by card, so each pile lies upside down (First Law)
            for source in reversed(gathered):
                for _ in range(len(source.cards)):
                    position.transfer(source, 1, pile, face_down=face_down)
        else:
            for source in gathered:
                position.transfer(source, len(source.cards), pile, face_down=face_down)
        if under and own:
            slip_under(position, pile, own, gathered[0])
        if shuffled:
            seed = seed_derived_from(position.seed, position.counters[REDEALS])
            lay_out(position, pile, shuffle(list(pile.cards), seed), gathered[0])
        del position.events[first_event:]
        position.emit("redealt")

    return Action(
        "gather",
        available,
        why,
        apply,
        redeals=limit or None,
        tallies=allowed.tallies if allowed is not None else (),
    )
