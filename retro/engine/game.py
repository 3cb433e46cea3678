"""`Game`: a definition, a position and its history. The one place moves are judged and made:
the window, the console, hints and tests all ask it the same questions."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from retro.engine.cards import Card, make_deck, plain_rank
from retro.engine.deals import SHUFFLES
from retro.engine.model import (
    DONE,
    MOVE,
    ROTATE_UP,
    ROTATIONS,
    Accept,
    DealStep,
    Event,
    GameDef,
    Move,
    Pile,
    Position,
    Snapshot,
)
from retro.errors import IllegalMove

PLAYING, WON, LOST = "playing", "won", "lost"
CHEAT_UNDO_TURN = 1
CHEAT_UNDO_DEAL = 10
CHEAT_RESTART = 1000
_AUTO_LIMIT = 1000


def deal_position(gdef: GameDef, seed: int) -> Position:
    """The opening position of deal number `seed` (see docs/deals.md for the exact order)."""
    deck = gdef.deck
    cards = SHUFFLES[deck.shuffle](make_deck(deck.decks, deck.suits, deck.ranks, deck.ace_high),
                                   seed)
    cards.reverse()  # dealt with pop(): the first card of the shuffled pack is dealt first
    position = Position(gdef)
    position.seed = seed
    _take_named(cards, gdef.deal)
    for step in gdef.deal:
        targets = position.groups[step.to]
        if step.rule is not None:
            step.rule.lay(position, cards, [targets[slot] for slot in step.places] or targets)
            _remember(position, step)
            continue
        if step.cards:
            _deal_named(position, step)
            _remember(position, step)
            continue
        if step.extract_rank:
            if step.places:
                targets = [targets[slot] for slot in step.places]
            if step.source:
                _extract(position, step.extract_rank, position.groups[step.source], targets)
            else:
                _extract_from_pack(cards, step.extract_rank, targets)
            _remember(position, step)
            continue
        for counts, face_down in ((step.face_down, True), (step.face_up, False)):
            for row in range(max(counts, default=0)):
                for pile, count in zip(targets, counts, strict=True):
                    if row < count and cards:
                        pile.cards.append(cards.pop())
                        if face_down:
                            pile.down += 1
        if step.rest:
            slot = 0
            while cards:
                pile = targets[slot % len(targets)]
                pile.cards.append(cards.pop())
                pile.down += 1
                slot += 1
        if step.to_bottom:
            for pile in targets:
                _to_bottom(pile, step.to_bottom)
        _remember(position, step)
    position.refresh_all()
    if gdef.auto_after_deal:
        _autos_after_deal(position)
    return position


def _take_named(pack: list[Card], steps: tuple[DealStep, ...]) -> None:
    """Take the cards the deal names (steps with `cards` and no `from`) out of the pack before
    anything is dealt, so they are there whatever step names them (the first copy found)."""
    for step in steps:
        if step.source:
            continue
        for card in step.cards:
            if card in pack:
                del pack[len(pack) - 1 - pack[::-1].index(card)]


def _deal_named(position: Position, step: DealStep) -> None:
    """The cards a step names, one onto each of its piles (at `places`), face up: out of the
    pack (taken already), or out of the `source` group (its top-most copy)."""
    targets = position.groups[step.to]
    if step.places:
        targets = [targets[slot] for slot in step.places]
    for target, card in zip(targets, step.cards, strict=False):
        if step.source:
            holder = next((p for p in position.groups[step.source] if card in p.cards), None)
            if holder is None:
                continue
            i = len(holder.cards) - 1 - holder.cards[::-1].index(card)
            del holder.cards[i]
            if i < holder.down:
                holder.down -= 1
        target.cards.append(card)


def _remember(position: Position, step: DealStep) -> None:
    """Keep the rank the step decided (its first pile's top card) in the counter it names."""
    if step.remember:
        top = next((p.cards[-1] for p in position.groups[step.to] if p.cards), None)
        position.counters[step.remember] = plain_rank(top) if top is not None else 0


def _autos_after_deal(position: Position) -> None:
    """Run the auto rules on the opening position (a game's `auto_after_deal`). What they turn
    over is part of the deal, not the player's doing: the turned count and events start at 0."""
    turned = position.counters["turned"]
    for _ in range(_AUTO_LIMIT):
        if not any([auto.apply(position) for auto in position.gdef.autos]):
            break
    position.counters["turned"] = turned
    position.events = []


def _to_bottom(pile: Pile, rank: int) -> None:
    """Put the cards of `rank` under the pile's other cards, both in their order (a stable
    sort): Baker's Dozen's Kings, which would otherwise bury the cards they lie on."""
    pile.cards.sort(key=lambda card: plain_rank(card) != rank)


def _extract(position: Position, rank: int, sources: list[Pile], targets: list[Pile]) -> None:
    """Take every card of `rank` out of `sources` (suit order, then pile order) onto `targets`."""
    found = [(card.suit, pile.index, pile) for pile in sources for card in pile.cards
             if plain_rank(card) == rank]
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
    taken = found[:len(targets)]
    for target, i in zip(targets, taken, strict=False):
        target.cards.append(cards[i])
    for i in sorted(taken, reverse=True):
        del cards[i]


class Game:
    """Play one deal: `legal_moves()`, `push()`, `pop()`, `redo()`, score and outcome."""

    def __init__(self, gdef: GameDef, seed: int = 1, position: Position | None = None) -> None:
        self.gdef = gdef
        self.seed = seed
        self.position = position if position is not None else deal_position(gdef, seed)
        self.position.seed = seed
        self.history: list[tuple[Move, Snapshot, list[Event], int]] = []
        self.future: list[Move] = []
        self.cheat = 0
        self._bind()

    def _bind(self) -> None:
        """Pair each rule with the position's piles once, so generation loops over ready lists."""
        groups = self.position.groups
        gdef = self.gdef
        targets = [(groups[g.name], g.accept) for g in gdef.groups if g.accept is not None]
        self._indexed = [(piles, accept) for piles, accept in targets if accept.keys]
        self._tested = [(piles, accept) for piles, accept in targets if not accept.keys]
        self._nonlocal = [(piles, accept) for piles, accept in self._indexed if not accept.local]
        plain = [(keyer, accept.exact) for _, accept in self._indexed for keyer in accept.keys]
        unlimited = [(k, exact) for k, exact in plain if k.min_count <= 1 and not k.max_count]
        self._constant = [(k.constant, exact) for k, exact in unlimited if k.constant is not None]
        self._of_card = [(k.of_card, exact) for k, exact in unlimited
                         if k.of_card is not None and k.constant is None]
        self._counted = [(k, exact) for k, exact in plain
                         if k.card_key is not None or k.min_count > 1 or k.max_count]
        self._counted_from = min((k.min_count for k, _ in self._counted), default=1 << 30)
        self._card_keys: dict[Card, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        self._tested_of_card = any(not exact for _, exact in self._of_card)
        self._card_buckets: dict[Card, list[list[Pile]]] = {}
        self._sources = [pile for g in gdef.groups if g.pick is not None for pile in groups[g.name]]
        self._actors = [(groups[g.name], g.action) for g in gdef.groups if g.action is not None]
        self._rotators = [(groups[g.name], g.rotate) for g in gdef.groups if g.rotate is not None]

    # -- the questions ------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every move the rules allow now: card moves, then pile actions, then done.

        The hot path of hints, auto-play and search: target piles are indexed by the keys their
        accept rules offer, and each movable card asks for its keys (worked out once per card).
        """
        position = self.position
        counters = position.counters
        if counters.get("won") or counters.get("done"):
            return []
        exact = position.exact_index
        tested = position.tested_index
        may_repeat = bool(position.multi_keyed)
        if self._nonlocal:
            exact = {key: list(piles) for key, piles in exact.items()}
            tested = {key: list(piles) for key, piles in tested.items()}
            for piles, accept in self._nonlocal:
                index = exact if accept.exact else tested
                for pile in piles:
                    offered = _pile_keys(position, pile, accept)
                    may_repeat = may_repeat or len(offered) > 1
                    for key in offered:
                        bucket = index.setdefault(key, [])
                        if pile not in bucket:
                            bucket.append(pile)
        always: list[Pile] = []  # targets of keys every card asks for: empty piles and the like
        always_tested: list[Pile] = []
        for key, is_exact in self._constant:
            (always if is_exact else always_tested).extend((exact if is_exact else tested).get(
                key, ()))
        moves: list[Move] = []
        append = moves.append
        new_move = tuple.__new__
        move_type, kind = Move, MOVE
        counted_from = self._counted_from
        # the general path for a pair (src, count) when tested rules or repeats are in play
        general = bool(always_tested or self._tested or self._tested_of_card or may_repeat
                       or self._nonlocal)
        # On the fast path each card's targets are the index's own buckets, held per card: the
        # index keeps them up to date in place as piles change.
        card_buckets = self._card_buckets
        for src in self._sources:
            run = src.run
            if not run:
                continue
            cards = src.cards
            si = src.index
            for count in range(1, run + 1):
                if general or count >= counted_from:
                    self._general_pair(src, count, moves, exact, tested, always, always_tested,
                                       may_repeat)
                    continue
                card = cards[-count]
                buckets = card_buckets.get(card)
                if buckets is None:
                    buckets = card_buckets[card] = self._buckets_of(card)
                for hits in buckets:
                    for dst in hits:
                        if dst is not src:
                            append(new_move(move_type, (kind, si, count, dst.index)))
        for piles, action in self._actors:
            for pile in piles:
                if action.available(position, pile):
                    append(Move(action.verb, pile.index))
        for piles, rotate in self._rotators:
            for pile in piles:
                if pile.face_up > 1 and rotate.available(position, pile):
                    for count in range(2, pile.face_up + 1):
                        moves.extend(Move(verb, pile.index, count) for verb in ROTATIONS)
        if self.gdef.done:
            append(Move(DONE, -1))
        return moves

    def _general_pair(self, src: Pile, count: int, moves: list[Move],
                      exact: dict[int, list[Pile]], tested: dict[int, list[Pile]],
                      always: list[Pile], always_tested: list[Pile], may_repeat: bool) -> None:
        """The moves of `count` cards from `src` with every kind of rule considered."""
        position = self.position
        card = src.cards[-count]
        keys = self._card_keys.get(card)
        if keys is None:
            keys = self._card_keys[card] = self._keys_of(card)
        exact_keys, tested_keys = keys
        if count >= self._counted_from:
            more_exact, more_tested = self._counted_keys(src, count)
            exact_keys += more_exact
            tested_keys += more_tested
        first = len(moves)
        targets = [dst for dst in always if dst is not src]
        for key in exact_keys:
            targets.extend(dst for dst in exact.get(key, ()) if dst is not src)
        candidates = list(always_tested)
        for key in tested_keys:
            candidates.extend(tested.get(key, ()))
        for dst in candidates:
            if dst is not src and dst.group.accept.test(  # type: ignore[union-attr]
                    position, src, count, dst):
                targets.append(dst)
        for piles, accept in self._tested:
            test = accept.test
            targets.extend(dst for dst in piles
                           if dst is not src and test(position, src, count, dst))
        moves.extend(Move(MOVE, src.index, count, dst.index) for dst in targets)
        if may_repeat and len(moves) - first > 1:
            moves[first:] = list(dict.fromkeys(moves[first:]))

    def _buckets_of(self, card: Card) -> list[list[Pile]]:
        """The index buckets whose piles take `card` (exact rules only): the constant ones that
        take any card first, then the card's own."""
        index = self.position.exact_index
        keys = [key for key, is_exact in self._constant if is_exact]
        keys += self._keys_of(card)[0]
        return [index.setdefault(key, []) for key in keys]

    def _keys_of(self, card: Card) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The index keys a card asks for as the bottom of the moving cards: (exact, tested)."""
        exact: list[int] = []
        tested: list[int] = []
        for of_card, is_exact in self._of_card:
            key = of_card(card)
            if key is not None:
                (exact if is_exact else tested).append(key)
        return tuple(exact), tuple(tested)

    def _counted_keys(self, src: Pile, count: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        exact: list[int] = []
        tested: list[int] = []
        for keyer, is_exact in self._counted:
            if count < keyer.min_count or (keyer.max_count and count > keyer.max_count):
                continue
            if keyer.constant is not None:
                key: int | None = keyer.constant
            elif keyer.card_key is not None:
                key = keyer.card_key(src, count)
            else:
                key = keyer.of_card(src.cards[-count]) if keyer.of_card is not None else None
            if key is not None:
                (exact if is_exact else tested).append(key)
        return tuple(exact), tuple(tested)

    def why_not(self, move: Move) -> str | None:
        """None when `move` is legal now, else the rule's own reason, for a person to read."""
        if self.finished():
            return "The game is over"
        position = self.position
        piles = position.piles
        if move.kind == DONE:
            return None if self.gdef.done else "This game has no 'done'"
        if not 0 <= move.src < len(piles):
            return "No such pile"
        src = piles[move.src]
        if move.kind == MOVE:
            if not 0 <= move.dst < len(piles):
                return "No such pile"
            dst = piles[move.dst]
            if src is dst:
                return "The cards are already there"
            if move.count < 1 or move.count > len(src.cards):
                return f"{src.id} has not {move.count} cards to move"
            if move.count > src.run:
                pick = src.group.pick
                return pick.why(src, move.count) if pick else f"Cards never leave {src.id}"
            accept = dst.group.accept
            if accept is None:
                return f"Nothing can be put on {dst.id}"
            if not accept.test(position, src, move.count, dst):
                return accept.why(position, src, move.count, dst)
            return None
        if move.kind in ROTATIONS:
            return _rotation_refused(position, src, move.count)
        action = src.group.action
        if action is None or action.verb != move.kind:
            return f"{src.id} cannot {move.kind}"
        if not action.available(position, src):
            return action.why(position, src)
        return None

    def finished(self) -> bool:
        """Over by a win or by 'done' (running out of moves is judged by `outcome`)."""
        counters = self.position.counters
        return bool(counters.get("done") or counters.get("won"))

    def outcome(self) -> str:
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
        reason = self.why_not(move)
        if reason is not None:
            raise IllegalMove(reason)
        if self.future and self.future[-1] == move:
            self.future.pop()
        else:
            self.future.clear()
        events, snapshot = self._apply(move)
        cheat = CHEAT_UNDO_DEAL if move.kind == "deal" else (
            CHEAT_UNDO_TURN if any(name == "flipped" for name, _ in events) else 0)
        self.history.append((move, snapshot, events, cheat))
        return events

    def _apply(self, move: Move) -> tuple[list[Event], Snapshot]:
        position = self.position
        gdef = self.gdef
        position.begin()
        if move.kind == MOVE:
            position.transfer(position.piles[move.src], move.count, position.piles[move.dst])
        elif move.kind == DONE:
            position.bump("done")
        elif move.kind in ROTATIONS:
            pile = position.piles[move.src]
            assert pile.group.rotate is not None
            position.rotate(pile, move.count, up=move.kind == ROTATE_UP)
            pile.group.rotate.done(position, pile)
        else:
            pile = position.piles[move.src]
            action = pile.group.action
            assert action is not None
            action.apply(position, pile)
        if move.kind != DONE:
            position.bump("moves")
            position.emit("action")
        for _ in range(_AUTO_LIMIT):
            if not any([auto.apply(position) for auto in gdef.autos]):
                break
        if gdef.win is not None and not position.counters.get("won") and gdef.win.test(position):
            position.bump("won")
            position.emit("won")
        points = gdef.score.points
        if points:
            position.counters["score"] += sum(
                points.get(name, 0) * count for name, count in position.events)
        events = position.events
        return events, position.end()

    def pop(self) -> Move:
        """Undo the last move exactly; it can be redone."""
        if not self.history:
            raise IllegalMove("Nothing to undo")
        move, snapshot, _, cheat = self.history.pop()
        self.position.restore(snapshot)
        self.future.append(move)
        self.cheat += cheat
        return move

    def redo(self) -> Move:
        if not self.future:
            raise IllegalMove("Nothing to redo")
        move = self.future[-1]
        self.push(move)
        self.cheat -= self.history[-1][3]
        return move

    def restart(self) -> None:
        """Back to the opening of the same deal: counts as a cheat (replaying a known deal)."""
        self.position = deal_position(self.gdef, self.seed)
        self.history.clear()
        self.future.clear()
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


def _rotation_refused(position: Position, pile: Pile, count: int) -> str | None:
    """Why the top `count` cards of `pile` may not be rotated now (None: they may)."""
    rotate = pile.group.rotate
    if rotate is None:
        return f"The cards of {pile.id} are never rotated"
    if count < 2:
        return "Choose at least two cards to rotate"
    if count > pile.face_up:
        return f"Only face-up cards rotate: {pile.face_up} on {pile.id}, not {count}"
    if not rotate.available(position, pile):
        return rotate.why(position, pile)
    return None


def _pile_keys(position: Position, pile: Pile, accept: Accept) -> tuple[int, ...]:
    keys: list[int] = []
    for keyer in accept.keys:
        keys.extend(keyer.pile_keys(position, pile))
    return tuple(keys)
