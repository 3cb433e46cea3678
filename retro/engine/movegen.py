"""Move generation: every move the rules allow in a position, found fast. Target piles are
indexed by the keys their accept rules offer, each movable card asks for its keys (worked out
once per card), and the moves themselves are made once and handed out again. `Game` asks it;
hints, auto-play and search spend most of their time here."""

from __future__ import annotations

from retro.engine.bound import Accept
from retro.engine.cardkeys import CardKeys
from retro.engine.gamedef import GameDef
from retro.engine.position import DONE, MOVE, Move, Pile, Position
from retro.engine.rotation import rotation_moves, rotators


class MoveGenerator:
    """The rules of one game paired with the piles of one position, once, so that generation
    loops over ready lists."""

    def __init__(self, gdef: GameDef, position: Position) -> None:
        self.position = position
        groups = position.groups
        self._done = gdef.done
        targets = [(groups[g.name], g.accept) for g in gdef.groups if g.accept is not None]
        self._indexed = [(piles, accept) for piles, accept in targets if accept.keys]
        self._tested = [(piles, accept) for piles, accept in targets if not accept.keys]
        self._nonlocal = [(piles, accept) for piles, accept in self._indexed if not accept.local]
        self._keys = CardKeys(
            [(keyer, accept.exact) for _, accept in self._indexed for keyer in accept.keys]
        )
        self._always_general = bool(self._tested or self._keys.tested_of_card or self._nonlocal)
        self._sources = [pile for g in gdef.groups if g.pick is not None for pile in groups[g.name]]
        # for each pile, what is left to test when an index key found it as a target
        self._keyed_tests = [
            (pile.group.accept.keyed or pile.group.accept.test) if pile.group.accept else None
            for pile in position.piles
        ]
        self._actors = [(groups[g.name], g.action) for g in gdef.groups if g.action is not None]
        self._rotators = rotators(gdef, groups)
        # the card moves from each pile, made once: [source][count][target] (see `_made_from`)
        self._made: list[list[list[Move]]] = [[] for _ in position.piles]

    def moves(self, only: Pile | None = None) -> list[Move]:
        """Every move the rules allow now: card moves, then pile actions, then done; with
        `only`, the card moves from that pile alone."""
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
        always_tested: list[Pile] = []  # targets of keys every card asks for, to be tested
        card_keys = self._keys
        for key in card_keys.tested_constant:
            always_tested.extend(tested.get(key, ()))
        always: list[Pile] | None = None  # and not: empty piles and the like (when needed)
        moves: list[Move] = []
        append = moves.append
        new_move = tuple.__new__
        move_type = Move
        made = self._made
        # the general path for a pair (src, count) when tested rules or repeats are in play
        general = bool(
            always_tested or (may_repeat and not card_keys.asks_one) or self._always_general
        )
        fast_most = 0 if general else card_keys.counted_from - 1  # counts the fast path takes
        # On the fast path each card's targets are the index's own buckets, held per card: the
        # index keeps them up to date in place as piles change.
        card_buckets, short_buckets = card_keys.buckets, card_keys.short_buckets
        limit, index = card_keys.limit, position.exact_index
        for src in self._sources if only is None else (only,):
            run = src.run
            if not run:
                continue
            cards = src.cards
            rows = made[src.index]
            if len(rows) <= run:
                rows = self._made_from(src.index, run)
            fast = run if run <= fast_most else fast_most
            start = 1
            if limit:  # the fewest cards first: their keys include those asked only of few
                start = (limit if limit < fast else fast) + 1
                for count in range(1, start):
                    card = cards[-count]
                    buckets = short_buckets.get(card)
                    if buckets is None:
                        buckets = short_buckets[card] = card_keys.buckets_of(card, index, True)
                    row = rows[count]
                    for hits in buckets:
                        for dst in hits:
                            if dst is not src:
                                append(row[dst.index])
            for count in range(start, fast + 1):
                card = cards[-count]
                buckets = card_buckets.get(card)
                if buckets is None:
                    buckets = card_buckets[card] = card_keys.buckets_of(card, index)
                row = rows[count]
                for hits in buckets:
                    for dst in hits:
                        if dst is not src:
                            append(row[dst.index])
            if fast < run:
                if always is None:
                    always = [
                        pile for key in card_keys.exact_constant for pile in exact.get(key, ())
                    ]
                for count in range(fast + 1, run + 1):
                    self._general_pair(
                        src, count, moves, exact, tested, always, always_tested, may_repeat
                    )
        if only is not None:
            return moves
        for piles, action in self._actors:
            available = action.available
            for pile in piles:
                if available(position, pile):
                    append(new_move(move_type, (action.verb, pile.index, 0, -1)))
        moves.extend(rotation_moves(self._rotators, position))
        if self._done:
            append(Move(DONE, -1))
        return moves

    def _made_from(self, source: int, most: int) -> list[list[Move]]:
        """The moves of 1 to `most` cards from pile `source` onto each pile, made once and
        handed out again: a move is a plain tuple, and making one costs more than the rest
        of finding it."""
        rows = self._made[source]
        targets = range(len(self.position.piles))
        new_move = tuple.__new__
        while len(rows) <= most:
            count = len(rows)
            rows.append([new_move(Move, (MOVE, source, count, target)) for target in targets])
        return rows

    def _general_pair(
        self,
        src: Pile,
        count: int,
        moves: list[Move],
        exact: dict[int, list[Pile]],
        tested: dict[int, list[Pile]],
        always: list[Pile],
        always_tested: list[Pile],
        may_repeat: bool,
    ) -> None:
        """The moves of `count` cards from `src` with every kind of rule considered."""
        position = self.position
        exact_keys, tested_keys = self._keys.of_pair(src, count)
        first = len(moves)
        targets = [dst for dst in always if dst is not src]
        for key in exact_keys:
            hits = exact.get(key)
            if hits:
                targets.extend([dst for dst in hits if dst is not src])
        keyed_tests = self._keyed_tests
        for candidates in (always_tested, *[tested.get(key, ()) for key in tested_keys]):
            for dst in candidates:
                if dst is not src and keyed_tests[dst.index](  # type: ignore[misc]
                    position, src, count, dst
                ):
                    targets.append(dst)
        for piles, accept in self._tested:
            test = accept.test
            targets.extend(
                [dst for dst in piles if dst is not src and test(position, src, count, dst)]
            )
        row = self._made_from(src.index, count)[count]
        moves.extend([row[dst.index] for dst in targets])
        if may_repeat and len(moves) - first > 1:
            moves[first:] = list(dict.fromkeys(moves[first:]))


def _pile_keys(position: Position, pile: Pile, accept: Accept) -> tuple[int, ...]:
    keys: list[int] = []
    for keyer in accept.keys:
        keys.extend(keyer.pile_keys(position, pile))
    return tuple(keys)
