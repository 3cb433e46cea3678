"""Pixel-art cards in the DOS style, drawn once into one atlas image and blitted from there.

Every card face, the back and the empty-pile outlines are painted at start-up from the ASCII-art
pips below and the 8x16 font, so drawing a table is a few dozen `blt` calls. Colours are palette
indexes only; MAGENTA marks the atlas' transparent pixels (the rounded corners), and no card
uses it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from retro.engine.cards import BLACK_JOKER, JOKER, RED_JOKER, Card
from retro.ui.drawing import palette as pal
from retro.ui.drawing.font import glyph_rows

if TYPE_CHECKING:
    import pyxel

CARD_W = 56
CARD_H = 80
KEY = pal.MAGENTA  # transparent in the atlas
INK = (pal.BLACK, pal.RED, pal.RED, pal.BLACK)  # by suit: S H D C
# The four-colour deck: clubs green and diamonds light blue, spades and hearts as ever. On the
# white face green has 3.1:1 and light blue 5.1:1; against black they have 6.8:1 and 4.1:1
# (7.3:1 and 5.0:1 seen with protanopia), where red has only 2.7:1 (1.9:1). Plain blue, the
# usual diamond colour, would be 1.6:1 against black: a second pair of suits hard to tell apart.
INK_FOUR = (pal.BLACK, pal.RED, pal.LIGHT_BLUE, pal.GREEN)
RANK_TEXT = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}

# Suit pips, 9x9, for the middle of the card ('#' ink). Order: spades, hearts, diamonds, clubs.
PIPS: tuple[tuple[str, ...], ...] = (
    (
        "....#....",
        "...###...",
        "..#####..",
        ".#######.",
        "#########",
        "#########",
        "##.#.#.##",
        "....#....",
        "...###...",
    ),
    (
        ".##...##.",
        "####.####",
        "#########",
        "#########",
        "#########",
        ".#######.",
        "..#####..",
        "...###...",
        "....#....",
    ),
    (
        "....#....",
        "...###...",
        "..#####..",
        ".#######.",
        "#########",
        ".#######.",
        "..#####..",
        "...###...",
        "....#....",
    ),
    (
        "...###...",
        "..#####..",
        "..#####..",
        ".#.###.#.",
        "#########",
        "#########",
        ".#.###.#.",
        "....#....",
        "...###...",
    ),
)

# Small pips, 7x7, for the corner index beside the rank.
SMALL_PIPS: tuple[tuple[str, ...], ...] = (
    ("...#...", "..###..", ".#####.", "#######", "#######", "...#...", "..###.."),
    (".##.##.", "#######", "#######", ".#####.", "..###..", "...#...", "......."),
    ("...#...", "..###..", ".#####.", "#######", ".#####.", "..###..", "...#..."),
    ("..###..", "..###..", "##.#.##", "#######", "##.#.##", "...#...", "..###.."),
)

# Where the pips of a number card go: (column, height) with column 0/1/2 = left/middle/right
# and height 0..1 from the top pip row to the bottom one.
_T = 1 / 3
PIP_LAYOUT: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, 0.5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, _T), (2, _T), (1, 0.5), (0, 2 * _T), (2, 2 * _T), (0, 1), (2, 1)),
    10: (
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, _T),
        (2, _T),
        (0, 2 * _T),
        (2, 2 * _T),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ),
}
_PIP_X = (11, 24, 37)
_PIP_TOP = 19
_PIP_BOTTOM = 67

# Tiny letters, 3x5, and suits, 5x5, for a card squeezed in a long fan: the index the
# 8x16 font would write is cut there (a Q looks like 0), so a strip with these shows instead.
TINY: dict[str, tuple[str, ...]] = {
    "A": (".#.", "#.#", "###", "#.#", "#.#"),
    "2": ("##.", "..#", ".#.", "#..", "###"),
    "3": ("##.", "..#", ".#.", "..#", "##."),
    "4": ("#.#", "#.#", "###", "..#", "..#"),
    "5": ("###", "#..", "##.", "..#", "##."),
    "6": (".##", "#..", "###", "#.#", "###"),
    "7": ("###", "..#", ".#.", ".#.", ".#."),
    "8": ("###", "#.#", "###", "#.#", "###"),
    "9": ("###", "#.#", "###", "..#", "##."),
    "1": (".#.", "##.", ".#.", ".#.", "###"),
    "0": ("###", "#.#", "#.#", "#.#", "###"),
    "J": ("..#", "..#", "..#", "#.#", ".#."),
    "Q": (".#.", "#.#", "#.#", "##.", ".##"),
    "K": ("#.#", "#.#", "##.", "#.#", "#.#"),
    "O": (".#.", "#.#", "#.#", "#.#", ".#."),
    "E": ("###", "#..", "##.", "#..", "###"),
    "R": ("##.", "#.#", "##.", "#.#", "#.#"),
}
TINY_SUITS: tuple[tuple[str, ...], ...] = (
    ("..#..", ".###.", "#####", "..#..", ".###."),
    (".#.#.", "#####", "#####", ".###.", "..#.."),
    ("..#..", ".###.", "#####", ".###.", "..#.."),
    (".###.", "#.#.#", "#####", "#.#.#", "..#.."),
)
FULL_INDEX = 16  # rows of a face-up card that show its 8x16 index whole
STRIP_H = 16  # rows of a strip in the atlas (used when fewer than FULL_INDEX show)
TINY_TOP = 1  # the tiny index's first row, under the card's top edge

# The atlas: 13 ranks across, 4 suits down, then a row of specials, then the strips.
BACK = (0, 4)
EMPTY = (1, 4)
EMPTY_STOCK = (2, 4)
EMPTY_FOUNDATION = (3, 4)
# The jokers' faces and (in the top rows of the next two places) their strips, by suit.
JOKER_FACES = {BLACK_JOKER: (4, 4), RED_JOKER: (5, 4)}
JOKER_STRIPS = {BLACK_JOKER: (6, 4), RED_JOKER: (7, 4)}
JOKER_WORD = "JOKER"

# The jester of the jokers' faces, drawn 3 times as large: '#' the joker's ink, 'o' the
# yellow bells on the hat's three points, '.' the white of the card.
JESTER: tuple[str, ...] = (
    "o.....o.....o",
    "#.....#.....#",
    "##...###...##",
    "###.#####.###",
    "#############",
    ".###########.",
    "..#.......#..",
    "..#.#...#.#..",
    "..#.......#..",
    "..#...#...#..",
    "..#.#...#.#..",
    "..#..###..#..",
    "...#.....#...",
    "....#####....",
    "..#.#.#.#.#..",
    ".#.#.#.#.#.#.",
)


def _stamp(
    image: pyxel.Image,
    x: int,
    y: int,
    art: tuple[str, ...],
    col: int,
    flip: bool = False,
    scale: int = 1,
) -> None:
    rows = art[::-1] if flip else art
    for dy, row in enumerate(rows):
        for dx, char in enumerate(row):
            if char == "#":
                image.rect(x + dx * scale, y + dy * scale, scale, scale, col)


def _glyph(image: pyxel.Image, x: int, y: int, char: str, col: int, scale: int) -> None:
    """A font glyph blown up `scale` times (for the big letters of the court cards)."""
    for dy, bits in enumerate(glyph_rows()[char]):
        for dx in range(8):
            if bits & (0x80 >> dx):
                image.rect(x + dx * scale, y + dy * scale, scale, scale, col)


def _blank(image: pyxel.Image, x: int, y: int, fill: int, edge: int) -> None:
    """A card outline with rounded corners, filled."""
    image.rect(x, y, CARD_W, CARD_H, fill)
    image.rectb(x, y, CARD_W, CARD_H, edge)
    for cx, cy in ((0, 0), (CARD_W - 1, 0), (0, CARD_H - 1), (CARD_W - 1, CARD_H - 1)):
        image.pset(x + cx, y + cy, KEY)
    for cx, cy in ((1, 1), (CARD_W - 2, 1), (1, CARD_H - 2), (CARD_W - 2, CARD_H - 2)):
        image.pset(x + cx, y + cy, edge)


def _outline(image: pyxel.Image, x: int, y: int, col: int) -> None:
    """An empty place: a rounded dotted outline on the felt (transparent inside)."""
    image.rect(x, y, CARD_W, CARD_H, KEY)
    for i in range(2, CARD_W - 2, 2):
        image.pset(x + i, y, col)
        image.pset(x + i, y + CARD_H - 1, col)
    for i in range(2, CARD_H - 2, 2):
        image.pset(x, y + i, col)
        image.pset(x + CARD_W - 1, y + i, col)


def _face(
    image: pyxel.Image, x: int, y: int, rank: int, suit: int, font: pyxel.Font, ink: int
) -> None:
    _blank(image, x, y, pal.WHITE, pal.BLACK)
    text = RANK_TEXT.get(rank, str(rank))
    image.text(x + 3, y, text, ink, font)
    _stamp(image, x + 4 + 8 * len(text), y + 4, SMALL_PIPS[suit], ink)
    _stamp(image, x + CARD_W - 10, y + 4, SMALL_PIPS[suit], ink)
    if rank in (1, 14):
        _stamp(image, x + 14, y + 28, PIPS[suit], ink, scale=3)
    elif rank >= 11:
        left, top, width, height = x + 9, y + 17, CARD_W - 18, CARD_H - 23
        image.rect(left, top, width, height, pal.YELLOW)
        image.rectb(left, top, width, height, ink)
        image.rectb(left + 2, top + 2, width - 4, height - 4, pal.BLUE)
        _glyph(image, left + (width - 16) // 2, top + 1, text, ink, 2)
        _stamp(image, left + (width - 9) // 2, top + height - 17, PIPS[suit], ink)
    else:
        for column, height_at in PIP_LAYOUT[rank]:
            py = _PIP_TOP + round(height_at * (_PIP_BOTTOM - _PIP_TOP))
            _stamp(image, x + _PIP_X[column], y + py, PIPS[suit], ink, flip=height_at > 0.5)


def _joker(image: pyxel.Image, x: int, y: int, font: pyxel.Font, ink: int) -> None:
    """A joker: its name across the top, where a rank and suit would be, and a jester."""
    _blank(image, x, y, pal.WHITE, pal.BLACK)
    image.text(x + 3, y, JOKER_WORD, ink, font)
    scale = 3
    left = x + (CARD_W - scale * len(JESTER[0])) // 2
    top = y + 20
    _stamp(image, left, top, JESTER, ink, scale=scale)
    _stamp(
        image,
        left,
        top,
        tuple(row.replace("#", ".").replace("o", "#") for row in JESTER),
        pal.YELLOW,
        scale=scale,
    )


def _joker_strip(image: pyxel.Image, x: int, y: int, ink: int) -> None:
    """A joker's top in a squeezed fan: its name in the tiny letters."""
    _strip_edge(image, x, y)
    for n, char in enumerate(JOKER_WORD):
        _stamp(image, x + 3 + 4 * n, y + TINY_TOP, TINY[char], ink)


def _strip_edge(image: pyxel.Image, x: int, y: int) -> None:
    """The white top of a face-up card and its rounded outline, for a strip."""
    image.rect(x, y, CARD_W, STRIP_H, pal.WHITE)
    image.line(x + 2, y, x + CARD_W - 3, y, pal.BLACK)
    image.line(x, y + 2, x, y + STRIP_H - 1, pal.BLACK)
    image.line(x + CARD_W - 1, y + 2, x + CARD_W - 1, y + STRIP_H - 1, pal.BLACK)
    for cx in (0, 1, CARD_W - 2, CARD_W - 1):
        image.pset(x + cx, y, KEY)
    for cx in (0, CARD_W - 1):
        image.pset(x + cx, y + 1, KEY)
    image.pset(x + 1, y + 1, pal.BLACK)
    image.pset(x + CARD_W - 2, y + 1, pal.BLACK)


def _strip(image: pyxel.Image, x: int, y: int, rank: int, suit: int, ink: int) -> None:
    """The top of a face-up card with the tiny index, for a card squeezed in a fan."""
    _strip_edge(image, x, y)
    at = x + 3
    for char in RANK_TEXT.get(rank, str(rank)):
        _stamp(image, at, y + TINY_TOP, TINY[char], ink)
        at += 4
    _stamp(image, at + 1, y + TINY_TOP, TINY_SUITS[suit], ink)
    _stamp(image, x + CARD_W - 8, y + TINY_TOP, TINY_SUITS[suit], ink)


def _lattice(dx: int, dy: int, colours: tuple[int, int, int]) -> int:
    """The classic lattice: diagonal lines, a dot in each diamond."""
    if (dx + dy) % 6 == 0 or (dx - dy) % 6 == 0:
        return colours[1]
    if (dx + dy) % 6 == 3 and (dx - dy) % 6 == 3:
        return colours[2]
    return colours[0]


def _checks(dx: int, dy: int, colours: tuple[int, int, int]) -> int:
    return colours[(dx // 4 + dy // 4) % 2]


def _bricks(dx: int, dy: int, colours: tuple[int, int, int]) -> int:
    """Bricks of 12 by 6 pixels, each row set half a brick on, in mortar."""
    course = dy // 6
    if dy % 6 == 5 or (dx + 6 * (course % 2)) % 12 == 11:
        return colours[1]
    return colours[0]


def _weave(dx: int, dy: int, colours: tuple[int, int, int]) -> int:
    """A basket weave: squares of three strands, across and down in turn."""
    across = (dx // 6 + dy // 6) % 2 == 0
    strand = (dy if across else dx) % 2
    return colours[0] if strand else colours[1]


# The card backs to choose from (settings.json's `card_back`): a pattern and its colours
# (ground, lines, dots and the inner edge), all inside the white border of every back.
BACKS: dict[str, tuple[Callable[[int, int, tuple[int, int, int]], int], tuple[int, int, int]]] = {
    "blue": (_lattice, (pal.BLUE, pal.LIGHT_BLUE, pal.LIGHT_CYAN)),
    "red": (_lattice, (pal.RED, pal.LIGHT_RED, pal.YELLOW)),
    "checks": (_checks, (pal.GREEN, pal.LIGHT_GREEN, pal.LIGHT_GREEN)),
    "bricks": (_bricks, (pal.RED, pal.LIGHT_GREY, pal.LIGHT_GREY)),
    "weave": (_weave, (pal.DARK_GREY, pal.LIGHT_GREY, pal.LIGHT_GREY)),
}


def _back(image: pyxel.Image, x: int, y: int, design: str = "blue") -> None:
    """A patterned back inside a white border (the blue lattice for a design not known)."""
    pattern, colours = BACKS.get(design, BACKS["blue"])
    _blank(image, x, y, pal.WHITE, pal.BLACK)
    inner_x, inner_y, inner_w, inner_h = x + 3, y + 3, CARD_W - 6, CARD_H - 6
    for dy in range(inner_h):
        for dx in range(inner_w):
            image.pset(inner_x + dx, inner_y + dy, pattern(dx, dy, colours))
    image.rectb(inner_x, inner_y, inner_w, inner_h, colours[2])


class CardArt:
    """The atlas and where each picture lies in it."""

    def __init__(self, font: pyxel.Font, four_colour: bool = False, back: str = "blue") -> None:
        import pyxel

        self.four_colour = four_colour
        self.back = back
        inks = INK_FOUR if four_colour else INK
        self.image = pyxel.Image(13 * CARD_W, 5 * CARD_H + 4 * STRIP_H)
        self.image.cls(KEY)
        for suit in range(4):
            for rank in range(1, 14):
                _face(self.image, (rank - 1) * CARD_W, suit * CARD_H, rank, suit, font, inks[suit])
                _strip(
                    self.image,
                    (rank - 1) * CARD_W,
                    5 * CARD_H + suit * STRIP_H,
                    rank,
                    suit,
                    inks[suit],
                )
        for suit, ink in ((BLACK_JOKER, pal.BLACK), (RED_JOKER, pal.RED)):
            fx, fy = self.special_at(JOKER_FACES[suit])
            _joker(self.image, fx, fy, font, ink)
            sx, sy = self.special_at(JOKER_STRIPS[suit])
            _joker_strip(self.image, sx, sy, ink)
        _back(self.image, BACK[0] * CARD_W, BACK[1] * CARD_H, back)
        _outline(self.image, EMPTY[0] * CARD_W, EMPTY[1] * CARD_H, pal.LIGHT_GREEN)
        _outline(self.image, EMPTY_STOCK[0] * CARD_W, EMPTY_STOCK[1] * CARD_H, pal.LIGHT_GREEN)
        cx, cy = EMPTY_STOCK[0] * CARD_W + CARD_W // 2, EMPTY_STOCK[1] * CARD_H + CARD_H // 2
        self.image.circb(cx, cy, 12, pal.LIGHT_GREEN)
        self.image.circb(cx, cy, 13, pal.LIGHT_GREEN)
        fx, fy = EMPTY_FOUNDATION[0] * CARD_W, EMPTY_FOUNDATION[1] * CARD_H
        _outline(self.image, fx, fy, pal.LIGHT_GREEN)
        for suit in range(4):  # a home for whole suits: the four pips, faintly
            _stamp(
                self.image,
                fx + 7 + suit * 11,
                fy + (CARD_H - 7) // 2,
                SMALL_PIPS[suit],
                pal.LIGHT_GREEN,
            )

    @staticmethod
    def face_at(card: Card) -> tuple[int, int]:
        if card.rank == JOKER:
            return CardArt.special_at(JOKER_FACES[card.suit])
        rank = 1 if card.rank == 14 else card.rank
        return (rank - 1) * CARD_W, card.suit * CARD_H

    @staticmethod
    def special_at(which: tuple[int, int]) -> tuple[int, int]:
        return which[0] * CARD_W, which[1] * CARD_H

    def blt(
        self, x: int, y: int, card: Card | None, face_up: bool = True, height: int = CARD_H
    ) -> None:
        """Draw a card (None: its back) at (x, y); `height` clips it (hidden under a fan), and
        a face-up card showing too little for its index shows the tiny one."""
        import pyxel

        if card is not None and face_up and height < FULL_INDEX:
            u, v = self.strip_at(card)
        else:
            u, v = self.face_at(card) if card is not None and face_up else self.special_at(BACK)
        pyxel.blt(x, y, self.image, u, v, CARD_W, height, KEY)

    @staticmethod
    def strip_at(card: Card) -> tuple[int, int]:
        if card.rank == JOKER:
            return CardArt.special_at(JOKER_STRIPS[card.suit])
        rank = 1 if card.rank == 14 else card.rank
        return (rank - 1) * CARD_W, 5 * CARD_H + card.suit * STRIP_H

    def blt_special(self, x: int, y: int, which: tuple[int, int]) -> None:
        import pyxel

        u, v = self.special_at(which)
        pyxel.blt(x, y, self.image, u, v, CARD_W, CARD_H, KEY)
