"""Every technique's rating in one table, with Sudoku Explainer's figure and its source, and the
level names' boundaries next to it: the difficulty scale is tuned here and nowhere else.

Ratings are on Sudoku Explainer's scale (SE: 1.0 full house ... 9.5+ nested forcing chains).
A chain family's entry is its base; a chain adds a tenth per step of SE's length ladder (4, 6,
8, 12, 16, 24, 32, ... nodes, each ceiling alternately x1.5 and x4/3), where the length counts
the chain's nodes (`chain_rating`). Adding a technique is one line in RATINGS; its module reads
the figure with `rating("Name")`.
"""

from __future__ import annotations

from typing import NamedTuple

SE = "Sudoku Explainer 1.2.1"
SUKAKU = "SukakuExplainer, SE's successor"
HODOKU = "HoDoKu 2.2 (its scores are on another scale)"
AS_SE_CHAIN = "classic SE finds it as a chain; the lower figure fits the calibration set better"


class Rated(NamedTuple):
    """A technique's rating here, SE's figure for it (None: SE has no such technique), and
    where the figure comes from."""

    rating: float
    se: float | None
    source: str


RATINGS: dict[str, Rated] = {
    "Full house": Rated(1.0, 1.0, SUKAKU),
    "Hidden single (box)": Rated(1.2, 1.2, SE),
    "Hidden single (row or column)": Rated(1.5, 1.5, SE),
    "Direct pointing": Rated(1.7, 1.7, SE),
    "Direct claiming": Rated(1.9, 1.9, SE),
    "Direct hidden pair": Rated(2.0, 2.0, SE),
    "Naked single": Rated(2.3, 2.3, SE),
    "Direct hidden triple": Rated(2.5, 2.5, SE),
    "Pointing": Rated(2.6, 2.6, SE),
    "Claiming": Rated(2.8, 2.8, SE),
    "Naked pair": Rated(3.0, 3.0, SE),
    "X-Wing": Rated(3.2, 3.2, SE),
    "Hidden pair": Rated(3.4, 3.4, SE),
    "Naked triple": Rated(3.6, 3.6, SE),
    "Swordfish": Rated(3.8, 3.8, SE),
    "Hidden triple": Rated(4.0, 4.0, SE),
    "Skyscraper": Rated(4.0, 6.6, f"{SUKAKU} (4.0); {AS_SE_CHAIN}"),
    "2-String Kite": Rated(4.1, 6.6, f"{SUKAKU} (4.1); {AS_SE_CHAIN}"),
    "Turbot fish": Rated(4.2, 6.6, f"{SUKAKU} (4.2); {AS_SE_CHAIN}"),
    "Empty rectangle": Rated(4.3, None, f"{SUKAKU}: a turbot fish with one end in a box (4.2)"),
    "XY-Wing": Rated(4.2, 4.2, SE),
    "XYZ-Wing": Rated(4.4, 4.4, SE),
    "W-Wing": Rated(4.4, 7.1, f"{SUKAKU} (4.4); classic SE finds it as a 6-node chain (7.1)"),
    "Unique rectangle type 1": Rated(4.5, 4.5, SE),
    "Unique rectangle type 2": Rated(4.5, 4.5, SE),
    "Unique rectangle type 4": Rated(4.5, 4.5, SE),
    "Unique rectangle type 5": Rated(4.5, 4.5, f"{SE}: its type 2 with three or diagonal corners"),
    "Unique rectangle type 3": Rated(4.6, 4.6, f"{SE}: 4.5 + 0.1 per digit of the set beyond one"),
    "Unique loop": Rated(
        4.6, 4.6, f"{SE}: the rectangle's type, + 0.1 (6 cells), 0.2 (8), 0.5 (10)"
    ),
    "Unique rectangle type 6": Rated(4.5, None, f"{HODOKU} rates it as the other types"),
    "Hidden rectangle": Rated(4.5, None, f"{HODOKU} rates it as the unique rectangles"),
    "Avoidable rectangle type 1": Rated(4.5, None, f"{HODOKU} rates it as unique rectangles"),
    "Avoidable rectangle type 2": Rated(4.5, None, f"{HODOKU} rates it as unique rectangles"),
    "Naked quad": Rated(5.0, 5.0, SE),
    "Jellyfish": Rated(5.2, 5.2, SE),
    "Hidden quad": Rated(5.4, 5.4, SE),
    "WXYZ-Wing": Rated(5.5, None, f"{SUKAKU}: 5.5, a tenth more for a 3-digit cell in the set"),
    "BUG+1": Rated(5.6, 5.6, f"{SE}: BUG type 1"),
    "BUG type 2": Rated(5.7, 5.7, SE),
    "BUG type 4": Rated(5.7, 5.7, SE),
    "BUG type 3": Rated(5.8, 5.8, f"{SE}: 5.7 + 0.1 per digit of the set beyond one"),
    "VWXYZ-Wing": Rated(6.2, None, f"{SUKAKU}: 6.2, up to two tenths more by cell sizes"),
    "Aligned pair exclusion": Rated(6.2, 6.2, SE),
    "X-chain": Rated(6.6, 6.6, f"{SE}: base of one-digit chains, plus the length bonus"),
    "Simple colouring": Rated(6.6, 6.6, f"{SE}: rated as the X-chain it is"),
    "XY-chain": Rated(7.0, 7.0, f"{SE}: base of bivalue-cell chains, plus the length bonus"),
    "AIC": Rated(7.0, 7.0, f"{SE}: base of chains mixing both links, plus the length bonus"),
    "Nishio forcing chain": Rated(7.5, 7.5, f"{SE}: base, plus the length bonus"),
    "Cell or unit forcing chains": Rated(8.0, 8.0, f"{SE} (multiple forcing chains): base"),
    "Dynamic forcing chain": Rated(8.5, 8.5, f"{SE}: base, plus the length bonus"),
    "Dynamic forcing chain (+)": Rated(9.0, 9.0, f"{SE}: base, plus the length bonus"),
    "Nested forcing chain": Rated(9.5, 9.5, f"{SE}: base, plus the length bonus"),
    "Solution lookup": Rated(11.0, None, "this engine: beyond every trial it knows"),
}

# The level names, each with the highest rating it covers (see grade.py for what they mean).
LEVELS: tuple[tuple[float, str], ...] = (
    (1.5, "Easy"),  # hidden singles and full houses only
    (2.5, "Medium"),  # naked singles, direct pointing and claiming, direct hidden sets
    (4.4, "Hard"),  # locked candidates, subsets, X-Wing, Swordfish, turbot fish, XY/XYZ-Wing
    (7.4, "Expert"),  # unique rectangles, quads, Jellyfish, BUG+1, colouring, chains
    (float("inf"), "Extreme"),  # trials: Nishio, cell and unit, dynamic, nested forcing chains
)


def rating(technique: str) -> float:
    """The rating of a technique named in RATINGS (for a chain family, its base)."""
    return RATINGS[technique].rating


def length_bonus(length: int) -> float:
    """Tenths added for a chain of `length` nodes (0 up to 4 nodes)."""
    added = 0
    ceiling = 4
    odd = False
    while length > ceiling:
        added += 1
        ceiling = ceiling * 4 // 3 if odd else ceiling * 3 // 2
        odd = not odd
    return added / 10


def loop_bonus(cells: int) -> float:
    """What a unique loop of `cells` cells adds to a unique rectangle's figure (SE's rule)."""
    return 0.5 if cells >= 10 else 0.2 if cells >= 8 else 0.1 if cells >= 6 else 0.0


def chain_rating(base: float, length: int) -> float:
    """A chain's rating: its base plus the length bonus, rounded to one decimal."""
    return round(base + length_bonus(length), 1)
