"""Ratings shared by several techniques, on Sudoku Explainer's scale.

Chains are rated as in Sudoku Explainer: a base for the kind of chain plus a tenth for each
step of a length ladder (4, 6, 8, 12, 16, 24, 32, ... nodes, each ceiling alternately x1.5
and x4/3), where the length counts the chain's nodes.
"""

from __future__ import annotations

# Single-digit patterns with two strong links. Sukaku Explainer rates them 4.0-4.2; classic
# Sudoku Explainer finds them as X-chains (6.6). The lower figures agree better with the
# calibration set as a whole (see grade.py).
SKYSCRAPER = 4.0
TWO_STRING_KITE = 4.1
TURBOT_FISH = 4.2

X_CHAIN = 6.6  # one digit (X-chain, colouring)
Y_CHAIN = 6.6  # bivalue cells (XY-chain)
XY_CHAIN = 7.0  # both kinds of link (alternating inference chain)
NISHIO = 7.5
MULTIPLE = 8.0  # cell and unit forcing chains (static)
DYNAMIC = 8.5
DYNAMIC_PLUS = 9.0
NESTED = 9.5


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


def chain_rating(base: float, length: int) -> float:
    """A chain's rating: its base plus the length bonus, rounded to one decimal."""
    return round(base + length_bonus(length), 1)


W_WING = chain_rating(XY_CHAIN, 6)  # Sudoku Explainer finds it as a 6-node mixed chain: 7.1
