"""Basic fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4).

If a digit's places in k rows all lie in the same k columns, those k rows hold that digit in
those columns, so the columns lose it everywhere else (and the same with rows and columns
swapped).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..board import COL_BB, DIGITS, POPCOUNT, ROW_BB, set_bits
from ..ratings import rating
from .position import Position
from .step import Step, digits_text, in_words

FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _line_masks(bb: int) -> tuple[list[int], list[int]]:
    """For one digit: per row the mask of its columns, per column the mask of its rows."""
    rows = [(bb >> (9 * r)) & 0x1FF for r in range(9)]
    cols = [0] * 9
    for r, m in enumerate(rows):
        while m:
            low = m & -m
            cols[low.bit_length() - 1] |= 1 << r
            m ^= low
    return rows, cols


def _fish(s: Position, k: int) -> Step | None:
    for d in DIGITS:
        step = _digit_fish(d, s.dbb[d], k)
        if step is not None:
            return step
    return None


@lru_cache(maxsize=2048)
def _digit_fish(d: int, bb: int, k: int) -> Step | None:
    """The first fish of k lines on digit d, whose places are `bb` (rows first). The places
    alone decide, so the answer is kept: a logical solve asks again and again about digits
    whose places have not changed."""
    if not bb:
        return None
    name = FISH[k]
    rows, cols = _line_masks(bb)
    for by_rows, masks, base_bb, cover_bb in (
        (True, rows, ROW_BB, COL_BB),
        (False, cols, COL_BB, ROW_BB),
    ):
        lines = [i for i in range(9) if 2 <= POPCOUNT[masks[i]] <= k]
        if len(lines) < k:
            continue
        for combo in combinations(lines, k):
            union = 0
            for i in combo:
                union |= masks[i]
            if POPCOUNT[union] != k:
                continue
            covers = [j for j in range(9) if union >> j & 1]
            base = 0
            for i in combo:
                base |= base_bb[i]
            cover = 0
            for j in covers:
                cover |= cover_bb[j]
            elim = bb & cover & ~base
            if not elim:
                continue
            return _fish_step(name, rating(name), d, by_rows, combo, covers, bb & base, elim)
    return None


def _fish_step(
    name: str,
    rated: float,
    d: int,
    by_rows: bool,
    base: tuple[int, ...],
    covers: list[int],
    cells: int,
    elim: int,
) -> Step:
    base_kind, cover_kind = ("rows", "columns") if by_rows else ("columns", "rows")
    base_units = tuple(i if by_rows else 9 + i for i in base)
    cover_units = tuple(9 + j if by_rows else j for j in covers)
    base_txt = digits_text(i + 1 for i in base)
    cover_txt = digits_text(j + 1 for j in covers)
    pattern = set_bits(cells)
    return Step(
        name,
        rated,
        eliminations=tuple((c, d) for c in set_bits(elim)),
        cells=tuple(pattern),
        candidates=tuple((c, d) for c in pattern),
        units=base_units + cover_units,
        text=f"In {base_kind} {base_txt}, the digit {d} can only go in {cover_kind} {cover_txt}; "
        f"those {in_words(len(base))} {base_kind} put their {d}s in {in_words(len(base))} "
        f"different {cover_kind}, so each of these {cover_kind} has its {d} in one of those "
        f"{base_kind}, and the rest of {cover_kind} {cover_txt} cannot hold {d}",
    )


def x_wing(s: Position) -> Step | None:
    return _fish(s, 2)


def swordfish(s: Position) -> Step | None:
    return _fish(s, 3)


def jellyfish(s: Position) -> Step | None:
    return _fish(s, 4)
