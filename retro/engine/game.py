"""`Game`: a definition, a position and its history. The one place moves are judged and made:
the window, the console, hints and tests all ask it the same questions."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import NamedTuple

from retro.engine.cards import Card, plain_rank
from retro.engine.dealing import AUTO_LIMIT, autos_after_deal, deal_named, remember, take_named
from retro.engine.deals import SHUFFLES
from retro.engine.faces import lay_face_down
from retro.engine.gamedef import GameDef
from retro.engine.movegen import MoveGenerator
from retro.engine.position import DONE, MOVE, Event, Move, Pile, Position, Undo
from retro.engine.rotation import ROTATIONS, rotate, rotation_refused
from retro.engine.zobrist import MASK, counters_term
from retro.errors import IllegalMove
from retro.i18n import say


class Outcome(StrEnum):
    """How a game stands, or what a search of it found: still playing, won, lost, or unknown (a
    search that stopped before it knew). Strings, so what is printed or written reads as words."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    UNKNOWN = "unknown"


PLAYING, WON, LOST, UNKNOWN = Outcome.PLAYING, Outcome.WON, Outcome.LOST, Outcome.UNKNOWN
CHEAT_UNDO_TURN = 1
CHEAT_UNDO_DEAL = 10
CHEAT_RESTART = 1000


def deal_position(gdef: GameDef, seed: int) -> Position:
    """The opening position of deal number `seed` (see docs/deals.md for the exact order)."""
    deck = gdef.deck
    cards = SHUFFLES[deck.shuffle](deck.pack(), seed)
    cards.reverse()  # dealt with pop(): the first card of the shuffled pack is dealt first
    position = Position(gdef)
    position.seed = seed
    take_named(cards, gdef.deal)
    for step in gdef.deal:
        targets = position.groups[step.to]
        if step.rule is not None:
            step.rule.lay(position, cards, [targets[slot] for slot in step.places] or targets)
            remember(position, step)
            continue
        if step.cards:
            deal_named(position, step)
            remember(position, step)
            continue
        if step.extract_rank:
            if step.places:
                targets = [targets[slot] for slot in step.places]
            if step.source:
                _extract(step.extract_rank, position.groups[step.source], targets)
            else:
                _extract_from_pack(cards, step.extract_rank, targets)
            remember(position, step)
            continue
        for counts, face_down in ((step.face_down, True), (step.face_up, False)):
            for row in range(max(counts, default=0)):
                for pile, count in zip(targets, counts, strict=True):
                    if row < count and cards:
                        if face_down:
                            lay_face_down(pile, cards.pop())
                        else:
                            pile.cards.append(cards.pop())
        if step.rest:
            slot = 0
            while cards:
                lay_face_down(targets[slot % len(targets)], cards.pop())
                slot += 1
        if step.to_bottom:
            for pile in targets:
                _to_bottom(pile, step.to_bottom)
        remember(position, step)
    position.refresh_all()
    if gdef.auto_after_deal:
        autos_after_deal(position)
    return position


def _to_bottom(pile: Pile, rank: int) -> None:
    """Put the cards of `rank` under the pile's other cards, both in their order (a stable
    sort): Baker's Dozen's Kings, which would otherwise bury the cards they lie on."""
    pile.cards.sort(key=lambda card: plain_rank(card) != rank)


def _extract(rank: int, sources: list[Pile], targets: list[Pile]) -> None:
    """Take every card of `rank` out of `sources` (suit order, then pile order) onto `targets`."""
    found = [
        (card.suit, pile.index, pile)
        for pile in sources
        for card in pile.cards
        if plain_rank(card) == rank
    ]
    found.sort(key=lambda item: (item[0], item[1]))
    for target, (_, _, pile) in zip(targets, found, strict=False):
        for i, card in enumerate(pile.cards):
            if plain_rank(card) == rank:
                del pile.cards[i]
                pile.down = min(pile.down, len(pile.cards))
                target.cards.append(card)
                break


def _extract_from_pack(cards: list[Card], rank: int, targets: list[Pile]) -> None:
    """Take the cards of `rank` out of the pack still to be dealt (`cards`, dealt from its end),
    in suit order, one onto each of `targets`, before the rest is dealt: so the Aces of
    Beleaguered Castle leave rows of six."""
    found = [i for i in range(len(cards) - 1, -1, -1) if plain_rank(cards[i]) == rank]
    found.sort(key=lambda i: cards[i].suit)  # stable: in pack order within a suit
    taken = found[: len(targets)]
    for target, i in zip(targets, taken, strict=False):
        target.cards.append(cards[i])
    for i in sorted(taken, reverse=True):
        del cards[i]


class HistoryEntry(NamedTuple):
    """One move made by `push`: the move, what it changed (for undo), the events it caused, and
    what undoing it counts as a cheat."""

    move: Move
    undo: Undo
    events: list[Event]
    cheat: int


class Game:
    """Play one deal: `legal_moves()`, `push()`, `pop()`, `redo()`, score and outcome.

    For a person (window, console, saves): `push(move)` judges a move (`IllegalMove` with the
    rule's reason), keeps it in `history` for `pop()` (undo, counted as a cheat) and `redo()`.

    For search: `make(move)` and `unmake()` make and take back a move from `legal_moves()`
    without judging it again and without touching `history`, the redo list or the cheat count;
    the position after `make` is the one `push` gives, and `unmake` restores it exactly. Calls
    nest like a stack (every `make` is undone by one `unmake`, last first) and must not be
    mixed with `push`/`pop` in between. `key()` is a 64-bit number for the position: equal for
    positions that play alike (the same cards in the same piles, face-down counts, stock order,
    the counters rules read such as redeals used; the piles of a group the rules make
    interchangeable, like FreeCell's cells or Spider's columns once the stock is dealt out,
    count as a set), and different otherwise except by
    a 64-bit accident. The move counter and the score are not part of it.
    """

    def __init__(self, gdef: GameDef, seed: int = 1, position: Position | None = None) -> None:
        self.gdef = gdef
        self.seed = seed
        self.position = position if position is not None else deal_position(gdef, seed)
        self.position.seed = seed
        self.history: list[HistoryEntry] = []
        self.future: list[Move] = []
        self.cheat = 0
        self._trail: list[Undo] = []
        self._bind()

    def _bind(self) -> None:
        """Pair each rule with the position's piles once, so generation loops over ready lists."""
        self._generator = MoveGenerator(self.gdef, self.position)
        # each auto with its pile-by-pile form, if it has one
        self._autos = [(auto, auto.on_piles) for auto in self.gdef.autos]

    # -- the questions ------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now: card moves, then pile actions, then done (see
        `MoveGenerator`, the hot path of hints, auto-play and search)."""
        return self._generator.moves()

    def moves_from(self, pile: int) -> list[Move]:
        """The card moves the rules allow now from pile `pile` (one with a pick rule)."""
        return self._generator.moves(self.position.piles[pile])

    def why_not(self, move: Move) -> str | None:
        """None when `move` is legal now, else the rule's own reason, for a person to read."""
        position = self.position
        counters = position.counters
        if counters.get("done") or counters.get("won"):  # finished()
            return say("The game is over")
        piles = position.piles
        if move.kind == DONE:
            return None if self.gdef.done else say("This game has no 'done'")
        if not 0 <= move.src < len(piles):
            return say("No such pile")
        src = piles[move.src]
        if move.kind == MOVE:
            if not 0 <= move.dst < len(piles):
                return say("No such pile")
            dst = piles[move.dst]
            if src is dst:
                return say("The cards are already there")
            if move.count < 1 or move.count > len(src.cards):
                return say("{pile} has not {count} cards to move", pile=src.id, count=move.count)
            if move.count > src.run:
                pick = src.group.pick
                return (
                    pick.why(src, move.count)
                    if pick
                    else say("Cards never leave {pile}", pile=src.id)
                )
            accept = dst.group.accept
            if accept is None:
                return say("Nothing can be put on {pile}", pile=dst.id)
            if not accept.test(position, src, move.count, dst):
                return accept.why(position, src, move.count, dst)
            return None
        if move.kind in ROTATIONS:
            return rotation_refused(position, src, move.count)
        action = src.group.action
        if action is None or action.verb != move.kind:
            return say("{pile} cannot {verb}", pile=src.id, verb=move.kind)
        return None if action.available(position, src) else action.why(position, src)

    def finished(self) -> bool:
        """Over by a win or by 'done' (running out of moves is judged by `outcome`)."""
        counters = self.position.counters
        return bool(counters.get("done") or counters.get("won"))

    def outcome(self) -> Outcome:
        position = self.position
        if position.counters.get("won"):
            return WON
        if position.counters.get("done"):
            return LOST
        lose = self.gdef.lose
        if lose is not None and lose.test(position):
            return LOST
        if not self.legal_moves():
            return LOST
        return PLAYING

    def score(self) -> int:
        rule = self.gdef.score
        base = rule.from_position(self.position) if rule.from_position else 0
        return base + self.position.counters["score"]

    @property
    def moves_made(self) -> int:
        return self.position.counters["moves"]

    # -- the changes --------------------------------------------------------------------------

    def push(self, move: Move) -> list[Event]:
        """Make a legal move (raises IllegalMove with the rule's reason otherwise)."""
        reason = self.attempt(move)
        if reason is not None:
            raise IllegalMove(reason)
        return self.history[-1].events

    def attempt(self, move: Move) -> str | None:
        """`push` for a caller that handles refusals itself (a save replayed): makes `move` when
        it is legal and returns None, else returns the rule's reason and changes nothing."""
        reason = self.why_not(move)
        if reason is not None:
            return reason
        future = self.future
        if future:
            if future[-1] == move:
                future.pop()
            else:
                future.clear()
        events, undo = self._apply(move)
        cheat = 0
        if move.kind == "deal":
            cheat = CHEAT_UNDO_DEAL
        else:
            for name, _ in events:
                if name == "flipped":
                    cheat = CHEAT_UNDO_TURN
                    break
        self.history.append(tuple.__new__(HistoryEntry, (move, undo, events, cheat)))
        return None

    def _apply(self, move: Move) -> tuple[list[Event], Undo]:
        position = self.position
        gdef = self.gdef
        # Before the first move the position is as dealt or as given, and an automatic move may
        # be due anywhere; after a move every one due has been made, so only changed piles matter.
        settled = bool(self.history or self._trail)
        position.begin()
        kind = move.kind
        if kind == MOVE:
            piles = position.piles
            src, dst = piles[move.src], piles[move.dst]
            per_move = gdef.score.per_move
            if per_move is not None:
                position.bump("score", per_move(position, src, move.count, dst))
            position.transfer(src, move.count, dst)
        elif kind == DONE:
            position.bump("done")
        elif kind in ROTATIONS:
            rotate(position, move)
        else:
            pile = position.piles[move.src]
            action = pile.group.action
            assert action is not None
            action.apply(position, pile)
        counters = position.counters
        if kind != DONE:
            counters["moves"] += 1
            position.events.append(("action", 1))
        if self._autos:
            self._run_autos(settled)
        position.settle()
        win = gdef.win
        if (
            win is not None
            and not counters.get("won")
            and (position.unfit == 0 if position.win_each is not None else win.test(position))
        ):
            position.bump("won")
            position.emit("won")
        points = gdef.score.points
        if points:
            counters["score"] += sum(points.get(name, 0) * count for name, count in position.events)
        return position.events, position.end()

    def _run_autos(self, settled: bool) -> None:
        """The automatic moves, over and over until none applies. An auto that looks pile by
        pile is shown only the piles changed since it last looked (all of them while not
        `settled`): it cannot act anywhere else, as it found nothing to do there before."""
        position = self.position
        autos = self._autos
        looked = [0] * len(autos)
        for _ in range(AUTO_LIMIT):
            changed = False
            for number, (auto, on_piles) in enumerate(autos):
                if on_piles is None or not settled:
                    changed = auto.apply(position) or changed
                    continue
                start = looked[number]
                looked[number] = len(position.journal)
                changed = on_piles(position, position.touched_since(start)) or changed
            if not changed:
                return
            settled = True

    def pop(self) -> Move:
        """Undo the last move exactly; it can be redone."""
        if not self.history:
            raise IllegalMove("Nothing to undo")
        entry = self.history.pop()
        self.position.restore(entry.undo)
        self.future.append(entry.move)
        self.cheat += entry.cheat
        return entry.move

    def redo(self) -> Move:
        if not self.future:
            raise IllegalMove("Nothing to redo")
        move = self.future[-1]
        self.push(move)
        self.cheat -= self.history[-1].cheat
        return move

    # -- search -------------------------------------------------------------------------------

    def make(self, move: Move) -> None:
        """Make a move from `legal_moves()` for search: trusted, not kept in `history`."""
        self._trail.append(self._apply(move)[1])

    def unmake(self) -> None:
        """Take back the last `make` exactly."""
        self.position.restore(self._trail.pop())

    def key(self) -> int:
        """The 64-bit position key (see the class docstring), kept up to date by every change."""
        position = self.position
        return (position.pile_sum + counters_term(position.counters, self.gdef.unkeyed)) & MASK

    def restart(self) -> None:
        """Back to the opening of the same deal: counts as a cheat (replaying a known deal)."""
        self.position = deal_position(self.gdef, self.seed)
        self.history.clear()
        self.future.clear()
        self._trail.clear()
        self.cheat += CHEAT_RESTART
        self._bind()

    @contextmanager
    def trial(self, move: Move) -> Iterator[list[Event]]:
        """Make `move` for a look (its events), then take it back as if it never happened:
        unlike a player's undo, no cheat is counted and the redo list is kept."""
        cheat, future = self.cheat, list(self.future)
        events = self.push(move)
        try:
            yield events
        finally:
            self.pop()
            self.cheat = cheat
            self.future[:] = future

    def play(self, moves: Iterable[Move]) -> None:
        for move in moves:
            self.push(move)
