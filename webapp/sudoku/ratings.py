"""Every technique's rating in one table, with Sudoku Explainer's figure and its source, and the
level names' boundaries next to it: the difficulty scale is tuned here and nowhere else.

Ratings are on Sudoku Explainer's scale (SE: 1.0 full house ... 9.5+ nested forcing chains).
The figures are classic SE's (1.2.1) where it has the technique, else those of its successor
SukakuExplainer (which added the turbot fish, empty rectangle and the bent wings at the
figures below), else this engine's own, placed by HoDoKu's order of difficulty. The grade
(grade.py) solves with SE's techniques only and so reproduces SE's rating; the others serve
hints.

A technique with a range gets its base here and adds SE's rule: a chain (and a trial) a tenth
per step of SE's length ladder (more than 4, 6, 8, 12, 16, 24, 32, ... nodes, each ceiling
alternately x1.5 and x4/3, `chain_rating`), a unique loop a tenth or more by its size
(`loop_bonus`), a set a tenth per digit beyond a pair. Adding a technique is one line in
RATINGS; its module reads the figure with `rating("Name")`.
"""

from __future__ import annotations

from typing import NamedTuple

SE = "Sudoku Explainer 1.2.1"
SUKAKU = "SukakuExplainer, SE's successor"
HODOKU = "HoDoKu 2.2 (its scores are on another scale)"
SUKAKU_FINNED = f"{SUKAKU} rates a fish of grouped strong links (its finned fish) 0.3 above"
SASHIMI = f"{HODOKU} ranks a sashimi fish just above the finned one"
GROUPED = f"{HODOKU} rates a grouped nice loop above a plain one (300 to 280)"
NOT_GRADED = "not in the SE builds the calibration set was rated with: hints only"


class Rated(NamedTuple):
    """A technique's rating here; Sudoku Explainer's figure for it (classic SE's, or
    SukakuExplainer's for what classic SE lacks; None if neither has it); and where the
    figure comes from."""

    rating: float
    se: float | None
    source: str


RATINGS: dict[str, Rated] = {
    "Full house": Rated(1.0, 1.0, f"{SE}: a hidden single alone in its unit"),
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
    "Skyscraper": Rated(4.0, 4.0, f"{SUKAKU}; classic SE finds it as a 6.6 X-chain"),
    "2-String Kite": Rated(4.1, 4.1, f"{SUKAKU}; classic SE finds it as a 6.6 X-chain"),
    "Turbot fish": Rated(4.2, 4.2, f"{SUKAKU}; classic SE finds it as a 6.6 X-chain"),
    "Empty rectangle": Rated(4.3, 4.3, f"{SUKAKU}: a two-link fish with a grouped link (+0.3)"),
    "XY-Wing": Rated(4.2, 4.2, SE),
    "Finned X-Wing": Rated(4.3, None, f"{SUKAKU_FINNED} its two strong links (4.0)"),
    "XYZ-Wing": Rated(4.4, 4.4, SE),
    "Sashimi X-Wing": Rated(4.4, None, SASHIMI),
    "W-Wing": Rated(4.4, 4.4, f"{SUKAKU} (later builds); {NOT_GRADED}: SE rates it as a chain"),
    "Unique rectangle type 1": Rated(4.5, 4.5, SE),
    "Unique rectangle type 2": Rated(4.5, 4.5, SE),
    "Unique rectangle type 4": Rated(4.5, 4.5, SE),
    "Unique rectangle type 5": Rated(4.5, 4.5, f"{SE}: its type 2 with three or diagonal corners"),
    "Unique rectangle type 3": Rated(4.6, 4.6, f"{SE}: 4.5 + 0.1 per digit of the set beyond one"),
    "Unique loop": Rated(
        4.6, 4.6, f"{SE}: the rectangle's type, + 0.1 (6 cells), 0.2 (8), 0.5 (10)"
    ),
    "Unique rectangle type 6": Rated(4.5, None, f"{HODOKU}: as the other types; {NOT_GRADED}"),
    "Hidden rectangle": Rated(4.5, None, f"{HODOKU}: as unique rectangles; {NOT_GRADED}"),
    "Avoidable rectangle type 1": Rated(4.5, None, f"{HODOKU}: as unique rectangles; {NOT_GRADED}"),
    "Avoidable rectangle type 2": Rated(4.5, None, f"{HODOKU}: as unique rectangles; {NOT_GRADED}"),
    "Naked quad": Rated(5.0, 5.0, SE),
    "Jellyfish": Rated(5.2, 5.2, SE),
    "Hidden quad": Rated(5.4, 5.4, SE),
    "WXYZ-Wing": Rated(5.5, 5.5, f"{SUKAKU}: a tenth more if the set's largest cell has 3 digits"),
    "BUG+1": Rated(5.6, 5.6, f"{SE}: BUG type 1"),
    "BUG type 2": Rated(5.7, 5.7, SE),
    "BUG type 4": Rated(5.7, 5.7, SE),
    "BUG type 3": Rated(5.8, 5.8, f"{SE}: 5.7 + 0.1 per digit of the set beyond one"),
    "Finned Swordfish": Rated(5.7, None, f"{SUKAKU_FINNED} its three strong links (5.4)"),
    "Sashimi Swordfish": Rated(5.8, None, SASHIMI),
    "VWXYZ-Wing": Rated(6.2, 6.2, f"{SUKAKU}: up to two tenths more as the largest cell nears 3"),
    "Aligned pair exclusion": Rated(6.2, 6.2, SE),
    "Finned Jellyfish": Rated(6.1, None, f"{SUKAKU_FINNED} its four strong links (5.8)"),
    "Sashimi Jellyfish": Rated(6.2, None, SASHIMI),
    "Sue de Coq": Rated(
        6.3, None, f"{HODOKU} rates it with finned Jellyfish, below X-chains (250, 260)"
    ),
    "X-chain": Rated(6.6, 6.6, f"{SE}: base of one-digit chains, plus the length bonus"),
    "Simple colouring": Rated(6.6, 6.6, f"{SE}: rated as the X-chain it is"),
    "XY-chain": Rated(7.0, 7.0, f"{SE}: base of bivalue-cell chains, plus the length bonus"),
    "AIC": Rated(7.0, 7.0, f"{SE}: base of chains mixing both links, plus the length bonus"),
    "Multi-colouring": Rated(
        6.7, None, f"{HODOKU} rates it above simple colouring (200 to 150); plus the length bonus"
    ),
    "Grouped X-chain": Rated(6.7, None, f"{SE}'s X-chain base plus a tenth: {GROUPED}"),
    "3D Medusa": Rated(7.0, None, f"{SE} finds it as the AIC it is (7.0, plus the length bonus)"),
    "Grouped AIC": Rated(7.1, None, f"{SE}'s AIC base plus a tenth: {GROUPED}"),
    "ALS-XZ": Rated(7.2, None, f"{HODOKU} rates it with grouped nice loops (300, AICs 280)"),
    "ALS-XY-Wing": Rated(7.4, None, f"{HODOKU} rates it a step above ALS-XZ (320)"),
    "ALS chain": Rated(
        7.3, None, f"{HODOKU} rates it above ALS-XY-Wing (340); plus the length bonus"
    ),
    "Death blossom": Rated(7.5, None, f"{HODOKU} rates it above ALS chains (360 to 340)"),
    "Nishio forcing chain": Rated(7.5, 7.5, f"{SE}: base, plus the length bonus"),
    "Cell or unit forcing chains": Rated(8.0, 8.0, f"{SE} (multiple forcing chains): base"),
    "Digit forcing chains": Rated(8.0, None, f"{SE}'s multiple forcing chains (8.0): base"),
    "Dynamic forcing chain": Rated(8.5, 8.5, f"{SE}: base, plus the length bonus"),
    "Dynamic forcing chain (+)": Rated(9.0, 9.0, f"{SE}: base, plus the length bonus"),
    "Nested forcing chain": Rated(
        10.0,
        9.5,
        f"{SE} rates nested chains 9.5 (forcing chains inside) to 11.0 and up by what is "
        "nested; this engine's one kind (trials inside a trial) starts at SE's middle level, "
        "10.0, which fits the calibration set best",
    ),
    "Solution lookup": Rated(11.0, None, "this engine: beyond every trial it knows"),
}

# The level names, each with the highest rating it covers, and what a puzzle at that level
# needs at most (the README says the same for players).
LEVELS: tuple[tuple[float, str], ...] = (
    (1.5, "Easy"),  # full houses and hidden singles
    (2.5, "Medium"),  # naked singles; direct pointing, claiming and hidden pairs and triples
    (4.4, "Hard"),  # locked candidates, pairs and triples, X-Wing, Swordfish, turbot fish,
    # empty rectangle, XY- and XYZ-Wing
    (7.4, "Expert"),  # uniqueness, quads, Jellyfish, BUG, bent wings, pair exclusion, chains
    (float("inf"), "Extreme"),  # forcing chains (cell, unit) and trials (Nishio, dynamic, nested)
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
