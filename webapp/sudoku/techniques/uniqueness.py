"""Techniques that assume the puzzle has exactly one solution: unique, hidden and avoidable
rectangles, and the bivalue universal grave (BUG).

A "deadly pattern" is four cells in two rows, two columns and two boxes whose digits could be
swapped in pairs (a b / b a to b a / a b) without breaking any rule: a puzzle with one
solution never ends in one. A unique rectangle is four empty corners that all still hold the
same two digits; whatever stops them from holding only those two must be true. An avoidable
rectangle is the same with corners already filled by digits found (not given): their digits
could still swap. A BUG is a position where every empty cell holds two digits and every digit
has two places in every unit that needs it: such a position has no solution or more than one
(every cell's other candidate turns one solution into another), so a puzzle with one
solution cannot reach it, and one of the candidates that keep it from being a BUG is true.
These steps are only sound for puzzles with one solution, which is what the grader and the
hints work with.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

from ..board import (
    BIT,
    BOX_OF,
    COL_OF,
    DIGITS,
    DIGITS_OF,
    PEER_BB,
    POPCOUNT,
    ROW_OF,
    UNIT_BB,
    UNITS,
    UNITS_OF,
    cell_name,
    seen_by_all,
    set_bits,
    shared_units,
    unit_name,
)
from ..ratings import loop_bonus, rating
from .position import Position
from .step import Candidate, Step, digits_text, listed, names, removals_text
from .wings import cells_with_count

SET_NAME = {2: "pair", 3: "triple", 4: "quad", 5: "quint"}


def _rectangles() -> list[tuple[int, int, int, int]]:
    """Every (a, b, c, d) corner set in two rows, two columns and exactly two boxes.

    a-b share a row, a-c share a column, d is opposite a.
    """
    out = []
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    cells = (9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2)
                    if len({BOX_OF[c] for c in cells}) == 2:
                        out.append(cells)
    return out


RECTANGLES = _rectangles()


def _opposite(corners: tuple[int, ...], x: int) -> int:
    """The corner diagonally opposite x."""
    return next(c for c in corners if ROW_OF[c] != ROW_OF[x] and COL_OF[c] != COL_OF[x])


class Rectangle(NamedTuple):
    """Empty cells that all hold the two digits of `pair` (a mask): four corners, or a longer
    loop in loop order; `extra` are the cells that hold more than the pair."""

    corners: tuple[int, ...]
    pair: int
    extra: tuple[int, ...]


MAX_LOOP = 10  # cells; longer unique loops are left to chains


def _unique_loops(s: Position) -> Iterator[Rectangle]:
    """Sudoku Explainer's unique loops (a rectangle is the loop of four): from a cell holding
    only a and b, cells holding both, each joined to the next by a unit of another kind than
    the last, back to the start; at most two hold more than a and b, unless those all hold
    the same one digit more. Every unit the loop crosses holds two of its cells, an odd and
    an even one, so its cells could swap a and b. By their first cell."""
    pairs = {s.cands[c] for c in set_bits(cells_with_count(s, 2))}
    found: list[tuple[int, Rectangle]] = []
    for pair in pairs:
        a, b = DIGITS_OF[pair]
        holders = s.dbb[a] & s.dbb[b]
        found += _pair_loops(pair, holders, tuple(s.cands[c] for c in set_bits(holders)))
    found.sort(key=lambda start_and_loop: start_and_loop[0])
    for _, rect in found:
        yield rect


@lru_cache(maxsize=8192)
def _pair_loops(
    pair: int, holders: int, masks: tuple[int, ...]
) -> tuple[tuple[int, Rectangle], ...]:
    """The unique loops of the digits of `pair` through the cells `holders` (which hold
    `masks`), with their first cell, each once. Only these cells decide, so the answer is
    kept: a logical solve asks again and again about pairs whose cells have not changed."""
    mask_of = dict(zip(set_bits(holders), masks, strict=True))
    seen: set[frozenset[int]] = set()
    found: list[tuple[int, Rectangle]] = []
    bare = sum(1 << c for c, m in mask_of.items() if m == pair)
    for start in set_bits(bare):
        earlier = bare & ((1 << start) - 1)
        loops: list[Rectangle] = []
        _loops_from(mask_of, [start], holders & ~earlier, -1, 2, 0, seen, loops)
        found += [(start, rect) for rect in loops]
    return tuple(found)


def _loops_from(
    mask_of: dict[int, int],
    path: list[int],
    holders: int,
    last: int,
    allowed: int,
    more: int,
    seen: set[frozenset[int]],
    found: list[Rectangle],
) -> None:
    """Add to `found` the loops through `holders` that continue `path` (joined last by a
    unit of kind `last`), each once; `allowed` more cells may hold more than the pair, `more`
    is what those so far hold. A loop is searched from its first cell holding only the pair,
    so `holders` leaves out the cells holding only the pair before the start."""
    start = path[0]
    pair = mask_of[start]
    for kind, u in enumerate(UNITS_OF[path[-1]]):
        if kind == last:
            continue
        rest = holders & UNIT_BB[u]
        while rest:  # each cell of the unit that holds the pair (set_bits, inlined: hot)
            low = rest & -rest
            rest ^= low
            nxt = low.bit_length() - 1
            if nxt == start:
                if len(path) >= 4:
                    key = frozenset(path)
                    if key not in seen and _valid_loop(path):
                        seen.add(key)
                        extra = tuple(c for c in path if mask_of[c] != pair)
                        found.append(Rectangle(tuple(path), pair, extra))
            elif nxt not in path and len(path) < MAX_LOOP:
                m = mask_of[nxt]
                now = more | (m & ~pair)
                wide = POPCOUNT[m] > 2
                if not wide or POPCOUNT[now] == 1 or allowed > 0:
                    path.append(nxt)
                    _loops_from(mask_of, path, holders, kind, allowed - wide, now, seen, found)
                    path.pop()


def _valid_loop(path: list[int]) -> bool:
    """Every unit the loop crosses holds exactly two of its cells, one at an odd and one at
    an even place."""
    odd: set[int] = set()
    even: set[int] = set()
    for i, c in enumerate(path):
        side = odd if i % 2 else even
        for u in UNITS_OF[c]:
            if u in side:
                return False
            side.add(u)
    return odd == even


def _unique_rectangles(s: Position) -> Iterator[Rectangle]:
    """Every rectangle whose corners share a pair that at least one corner holds alone."""
    cands = s.cands
    for corners in RECTANGLES:
        a, b, c, d = corners
        common = cands[a] & cands[b] & cands[c] & cands[d]
        if POPCOUNT[common] < 2:
            continue
        pairs = {cands[x] for x in corners if POPCOUNT[cands[x]] == 2}
        for pair in pairs:
            if pair & common == pair:
                yield Rectangle(corners, pair, tuple(x for x in corners if cands[x] != pair))


def _deadly(corners: tuple[int, ...], pair: int) -> str:
    a, b = DIGITS_OF[pair]
    shape = "a rectangle" if len(corners) == 4 else "a loop"
    return (
        f"{names(corners)} form {shape} on {a} and {b}; if they held only {a} and {b}, the "
        f"two digits could swap and the puzzle would have a second solution"
    )


def _name(rect: Rectangle, kind: int) -> tuple[str, float]:
    """A unique rectangle's or loop's name and rating for its type and size."""
    rated = rating(f"Unique rectangle type {kind}")
    if len(rect.corners) == 4:
        return f"Unique rectangle type {kind}", rated
    return f"Unique loop type {kind}", round(rated + loop_bonus(len(rect.corners)), 1)


def _rectangle_step(
    name: str,
    rated: float,
    rect: Rectangle,
    elim: Iterable[Candidate],
    tail: str,
    units: tuple[int, ...] = (),
    more: tuple[int, ...] = (),
) -> Step:
    corners, pair, _ = rect
    shown = (*corners, *more)
    return Step(
        name,
        rated,
        eliminations=tuple(sorted(set(elim))),
        cells=shown,
        candidates=tuple((x, d) for x in corners for d in DIGITS_OF[pair]),
        units=units,
        text=_deadly(corners, pair) + tail,
    )


def _type_1(s: Position, rect: Rectangle) -> Step | None:
    """One corner holds more than the pair: it cannot hold either digit of the pair."""
    (x,) = rect.extra
    pair = DIGITS_OF[rect.pair]
    return _rectangle_step(
        *_name(rect, 1),
        rect,
        [(x, d) for d in pair],
        f"; {names(c for c in rect.corners if c != x)} hold only {digits_text(pair)}, so "
        f"{cell_name(x)} cannot hold {digits_text(pair, 'or')}",
    )


def _one_more(s: Position, rect: Rectangle) -> Step | None:
    """Types 2 and 5: the corners with more all hold the same one digit z besides the pair;
    one of them is z, so cells that see all of them lose z. Type 2 when they are two corners
    on a side, type 5 when they are diagonal or three."""
    more = {s.cands[x] & ~rect.pair for x in rect.extra}
    if len(more) != 1:
        return None
    z_mask = more.pop()
    if POPCOUNT[z_mask] != 1:
        return None
    z = DIGITS_OF[z_mask][0]
    elim = s.dbb[z] & seen_by_all(sum(1 << x for x in rect.extra))
    if not elim:
        return None
    side = len(rect.extra) == 2 and bool(shared_units(*rect.extra))
    return _rectangle_step(
        *_name(rect, 2 if side or len(rect.corners) > 4 else 5),
        rect,
        [(c, z) for c in set_bits(elim)],
        f", so {listed((cell_name(x) for x in rect.extra), 'or')} holds {z}, and cells that "
        f"see {'both' if len(rect.extra) == 2 else 'all of them'} cannot hold {z}",
    )


def _type_4(s: Position, rect: Rectangle) -> Step | None:
    """Two corners on a side hold more; in a unit they share, one digit of the pair has no
    other place: one of them holds it, so neither can hold the other digit."""
    x, y = rect.extra
    for u in shared_units(x, y):
        for keep in DIGITS_OF[rect.pair]:
            if s.dbb[keep] & UNIT_BB[u] == (1 << x) | (1 << y):
                drop = DIGITS_OF[rect.pair & ~BIT[keep]][0]
                return _rectangle_step(
                    *_name(rect, 4),
                    rect,
                    [(x, drop), (y, drop)],
                    f"; {keep} in {unit_name(u)} can only go in {cell_name(x)} or "
                    f"{cell_name(y)}, so one of them is {keep}; if the other were {drop}, the "
                    f"corners would hold only {DIGITS_OF[rect.pair][0]} and "
                    f"{DIGITS_OF[rect.pair][1]}: neither can hold {drop}",
                    (u,),
                )
    return None


def _type_3(s: Position, rect: Rectangle) -> Step | None:
    """Two corners on a side hold more digits E between them: one of them holds a digit of E.
    With other cells of a unit they share, they act as one cell holding E in a naked set; the
    set's digits leave the rest of the unit. Rated 4.5 plus a tenth per digit of the set
    beyond one."""
    x, y = rect.extra
    extra = (s.cands[x] | s.cands[y]) & ~rect.pair
    if POPCOUNT[extra] < 2:
        return None  # one digit more: type 2
    best: Step | None = None
    for u in shared_units(x, y):
        others = [c for c in UNITS[u] if s.cands[c] and c not in (x, y)]
        for k in range(POPCOUNT[extra], 5):
            for combo in combinations(others, k - 1):
                digits = extra
                for c in combo:
                    digits |= s.cands[c]
                if POPCOUNT[digits] != k:
                    continue
                elim = [
                    (c, d) for c in others if c not in combo for d in DIGITS_OF[s.cands[c] & digits]
                ]
                name, base = _name(rect, 3)
                rated = round(base + 0.1 * (k - 2), 1)
                if not elim or (best is not None and best.rating <= rated):
                    continue
                ds = DIGITS_OF[digits]
                best = _rectangle_step(
                    name,
                    rated,
                    rect,
                    elim,
                    f"; so {cell_name(x)} or {cell_name(y)} holds "
                    f"{digits_text(DIGITS_OF[extra], 'or')}: the two act as one cell holding "
                    f"{digits_text(DIGITS_OF[extra])}, which with {names(combo)} forms a naked "
                    f"{SET_NAME[k]} on {digits_text(ds)} in {unit_name(u)}: no other cell of it "
                    f"can hold {digits_text(ds, 'or')}",
                    (u,),
                    combo,
                )
    return best


TYPE_ORDER = {"1": 1, "2": 2, "4": 4, "5": 5, "3": 6}


def unique_rectangle(s: Position) -> Step | None:
    """Sudoku Explainer's unique rectangles and loops, types 1 to 5 (rated 4.5; type 3 4.6 and
    up; loops more), the lowest rating first, then by type."""
    best: Step | None = None
    for rect in _unique_loops(s):
        n = len(rect.extra)
        found: list[Step | None] = []
        if n == 1:
            found.append(_type_1(s, rect))
        elif n in (2, 3):
            found.append(_one_more(s, rect))
            if n == 2 and shared_units(*rect.extra):
                found += [_type_4(s, rect), _type_3(s, rect)]
        for step in found:
            if step is not None and (
                best is None
                or (step.rating, TYPE_ORDER[step.technique[-1]])
                < (best.rating, TYPE_ORDER[best.technique[-1]])
            ):
                best = step
    return best


def unique_rectangle_type_6(s: Position) -> Step | None:
    """Two diagonal corners hold more; a digit of the pair has no place in the rectangle's
    rows (or columns) outside its corners: if either diagonal corner held it, both would, and
    the other two the other digit. So neither holds it (HoDoKu's type 6)."""
    for rect in _unique_rectangles(s):
        if len(rect.extra) != 2 or shared_units(*rect.extra):
            continue
        x, y = rect.extra
        for keep in DIGITS_OF[rect.pair]:
            for lines in ((ROW_OF[x], ROW_OF[y]), (9 + COL_OF[x], 9 + COL_OF[y])):
                outside = 0
                for u in lines:
                    outside |= s.dbb[keep] & UNIT_BB[u]
                for c in rect.corners:
                    outside &= ~(1 << c)
                if outside:
                    continue
                kind = "rows" if lines[0] < 9 else "columns"
                numbers = digits_text(u % 9 + 1 for u in lines)
                drop = DIGITS_OF[rect.pair & ~BIT[keep]][0]
                return _rectangle_step(
                    "Unique rectangle type 6",
                    rating("Unique rectangle type 6"),
                    rect,
                    [(x, keep), (y, keep)],
                    f"; {keep} in {kind} {numbers} can only go in the corners, so if "
                    f"{cell_name(x)} or {cell_name(y)} held {keep} both would, and the other "
                    f"two corners {drop}: neither can hold {keep}",
                    lines,
                )
    return None


def hidden_rectangle(s: Position) -> Step | None:
    """A corner holds only the pair {a, b}; in the row and the column of the opposite corner,
    a has no place outside the rectangle. If that corner were b, a would fill the two corners
    beside it and b the first one: all four would hold only a and b. So it cannot be b."""
    for rect in _unique_rectangles(s):
        corners = rect.corners
        for x in corners:
            if s.cands[x] != rect.pair:
                continue
            z = _opposite(corners, x)
            for a in DIGITS_OF[rect.pair]:
                b = DIGITS_OF[rect.pair & ~BIT[a]][0]
                lines = (ROW_OF[z], 9 + COL_OF[z])
                outside = (s.dbb[a] & (UNIT_BB[lines[0]] | UNIT_BB[lines[1]])) & ~sum(
                    1 << c for c in corners
                )
                if outside or not s.cands[z] & BIT[b]:
                    continue
                return _rectangle_step(
                    "Hidden rectangle",
                    rating("Hidden rectangle"),
                    rect,
                    [(z, b)],
                    f"; {a} in {unit_name(lines[0])} and {unit_name(lines[1])} can only go in "
                    f"the corners, so if {cell_name(z)} were {b}, the corners beside it would "
                    f"be {a}, and {cell_name(x)}, which holds only {a} and {b}, would be {b}: "
                    f"{cell_name(z)} cannot hold {b}",
                    lines,
                )
    return None


# --- Avoidable rectangles -------------------------------------------------------------------


def avoidable_rectangle(s: Position) -> Step | None:
    """Corners filled by digits found (not given) that could still swap: type 1, three corners
    filled a, b, b around an empty one that would complete the swap with a; type 2, two
    corners on a side filled a and b, the other two holding b or a and one same digit z."""
    for corners in RECTANGLES:
        if any(s.givens >> c & 1 for c in corners):
            continue  # a given corner: its digit cannot move
        empty = [c for c in corners if s.empty >> c & 1]
        if len(empty) == 1:
            step = _avoidable_1(s, corners, empty[0])
        elif len(empty) == 2 and shared_units(*empty):
            step = _avoidable_2(s, corners, empty)
        else:
            continue
        if step is not None:
            return step
    return None


def _avoidable_1(s: Position, corners: tuple[int, ...], z: int) -> Step | None:
    x = _opposite(corners, z)
    a = s.grid[x]
    y1, y2 = (c for c in corners if c not in (x, z))
    b = s.grid[y1]
    if b == a or s.grid[y2] != b or not s.cands[z] & BIT[a]:
        return None
    return Step(
        "Avoidable rectangle type 1",
        rating("Avoidable rectangle type 1"),
        eliminations=((z, a),),
        cells=corners,
        candidates=((z, a),),
        text=f"{cell_name(x)} holds {a} and {names((y1, y2))} hold {b}, all found, not given; "
        f"if {cell_name(z)} were {a}, the {a}s and {b}s of these four corners could swap and "
        f"the puzzle would have a second solution, so {cell_name(z)} cannot hold {a}",
    )


def _avoidable_2(s: Position, corners: tuple[int, ...], empty: list[int]) -> Step | None:
    p, q = empty
    xp, xq = _opposite(corners, p), _opposite(corners, q)
    a, b = s.grid[xp], s.grid[xq]
    if a == b:
        return None
    mp, mq = s.cands[p], s.cands[q]
    if POPCOUNT[mp] != 2 or POPCOUNT[mq] != 2 or not mp & BIT[a] or not mq & BIT[b]:
        return None
    if mp & ~BIT[a] != mq & ~BIT[b] or mp & ~BIT[a] & (BIT[a] | BIT[b]):
        return None
    z = DIGITS_OF[mp & ~BIT[a]][0]
    elim = s.dbb[z] & PEER_BB[p] & PEER_BB[q]
    if not elim:
        return None
    return Step(
        "Avoidable rectangle type 2",
        rating("Avoidable rectangle type 2"),
        eliminations=tuple((c, z) for c in set_bits(elim)),
        cells=corners,
        candidates=((p, a), (p, z), (q, b), (q, z)),
        text=f"{cell_name(xp)} holds {a} and {cell_name(xq)} holds {b}, both found, not given; "
        f"if {cell_name(p)} were {a} and {cell_name(q)} {b}, the four corners could swap "
        f"their digits and the puzzle would have a second solution, so {cell_name(p)} or "
        f"{cell_name(q)} holds {z} and cells that see both cannot hold {z}",
    )


# --- Bivalue universal grave ----------------------------------------------------------------


def _bug_candidates(s: Position) -> dict[int, int] | None:
    """The candidates that keep the position from being a BUG, as cell -> digit mask, or None
    if removing no set of them would leave one. A digit with more than two places in a unit
    must lose all but two, from cells holding more than two digits; where that is one cell,
    that candidate is one of them (Sudoku Explainer's rule)."""
    ones = twos = wide = 0  # wide: the cells holding three digits or more
    for d in DIGITS:
        x = s.dbb[d]
        wide |= twos & x
        twos |= ones & x
        ones |= x
    extra_bb = [0] * 10  # digit -> the cells where it is an extra candidate
    for u in range(27):
        unit = UNIT_BB[u]
        for d in DIGITS:
            places = s.dbb[d] & unit
            if places.bit_count() in (0, 2):
                continue
            held = places & wide
            if not held:
                return None
            if not held & (held - 1):
                extra_bb[d] |= held
    extra: dict[int, int] = {}
    for d in DIGITS:
        for c in set_bits(extra_bb[d]):
            extra[c] = extra.get(c, 0) | BIT[d]
    if not extra:
        return None
    for c in set_bits(s.empty):
        if POPCOUNT[s.cands[c] & ~extra.get(c, 0)] != 2:
            return None
    for u in range(27):
        for d in DIGITS:
            if (s.dbb[d] & UNIT_BB[u] & ~extra_bb[d]).bit_count() not in (0, 2):
                return None
    return extra


def bug(s: Position) -> Step | None:
    """Bivalue universal grave, Sudoku Explainer's types 1 to 4: one of the candidates that
    keep the position from being a BUG is true."""
    extra = _bug_candidates(s)
    if extra is None:
        return None
    cells = sorted(extra)
    all_extra = 0
    for m in extra.values():
        all_extra |= m
    if len(cells) == 1:
        return _bug_1(s, cells[0], extra[cells[0]])
    steps: list[Step | None] = []
    if POPCOUNT[all_extra] == 1:
        steps.append(_bug_2(s, cells, DIGITS_OF[all_extra][0]))
    if len(cells) == 2:
        steps.append(_bug_4(s, cells, extra, all_extra))
    if POPCOUNT[all_extra] > 1:
        steps.append(_bug_3(s, cells, extra, all_extra))
    return next((step for step in steps if step is not None), None)


def _grave(cells: list[int], marked: str) -> str:
    return (
        f"Every empty cell but {names(cells)} holds two digits, and without {marked} every "
        f"digit a unit still needs would have two places in it, which leaves no solution or "
        f"more than one"
    )


def _bug_1(s: Position, cell: int, keep: int) -> Step:
    ds = DIGITS_OF[keep]
    drop = s.cands[cell] & ~keep
    if len(ds) == 1:
        return Step(
            "BUG+1",
            rating("BUG+1"),
            placements=((cell, ds[0]),),
            cells=(cell,),
            candidates=((cell, ds[0]),),
            text=f"Every empty cell but {cell_name(cell)} holds two digits; unless "
            f"{cell_name(cell)} is {ds[0]}, each digit a unit still needs would have two "
            f"places in it and the puzzle would have no solution or more than one",
        )
    return Step(
        "BUG+1",
        rating("BUG+1"),
        eliminations=tuple((cell, d) for d in DIGITS_OF[drop]),
        cells=(cell,),
        candidates=tuple((cell, d) for d in ds),
        text=f"Every empty cell but {cell_name(cell)} holds two digits; unless "
        f"{cell_name(cell)} is {digits_text(ds, 'or')}, each digit a unit still needs would "
        f"have two places in it and the puzzle would have no solution or more than one",
    )


def _bug_2(s: Position, cells: list[int], z: int) -> Step | None:
    elim = s.dbb[z] & seen_by_all(sum(1 << x for x in cells))
    if not elim:
        return None
    return Step(
        "BUG type 2",
        rating("BUG type 2"),
        eliminations=tuple((c, z) for c in set_bits(elim)),
        cells=tuple(cells),
        candidates=tuple((c, z) for c in cells),
        text=_grave(cells, f"the {z} in each") + f"; so one of them is {z}, and cells that "
        f"see {'both' if len(cells) == 2 else 'all of them'} cannot hold {z}",
    )


def _bug_4(s: Position, cells: list[int], extra: dict[int, int], all_extra: int) -> Step | None:
    c1, c2 = cells
    common = s.cands[c1] & s.cands[c2] & ~all_extra
    if POPCOUNT[common] != 1 or not shared_units(c1, c2):
        return None
    v = DIGITS_OF[common][0]
    elim = [(c, d) for c in cells for d in DIGITS_OF[s.cands[c] & ~extra[c] & ~common]]
    if not elim:
        return None
    u = shared_units(c1, c2)[0]
    marks = listed(f"{digits_text(DIGITS_OF[extra[c]], 'or')} in {cell_name(c)}" for c in (c1, c2))
    return Step(
        "BUG type 4",
        rating("BUG type 4"),
        eliminations=tuple(elim),
        cells=tuple(cells),
        candidates=tuple((c, d) for c in cells for d in DIGITS_OF[extra[c] | common]),
        units=(u,),
        text=_grave(cells, marks) + f"; so one of them holds one of those, and the other "
        f"{v}, as they are the only places for {v} in {unit_name(u)}: remove "
        f"{removals_text(elim)}",
    )


def _bug_3(s: Position, cells: list[int], extra: dict[int, int], all_extra: int) -> Step | None:
    shared = set(shared_units(cells[0], cells[1]))
    for c in cells[2:]:
        shared &= set(shared_units(cells[0], c))
    best: Step | None = None
    for u in sorted(shared):
        others = [c for c in UNITS[u] if s.cands[c] and c not in cells]
        for k in range(max(POPCOUNT[all_extra], 2), 6):
            for combo in combinations(others, k - 1):
                digits = all_extra
                for c in combo:
                    digits |= s.cands[c]
                if POPCOUNT[digits] != k:
                    continue
                elim = [
                    (c, d) for c in others if c not in combo for d in DIGITS_OF[s.cands[c] & digits]
                ]
                rated = round(rating("BUG type 3") + 0.1 * (k - 2), 1)
                if not elim or (best is not None and best.rating <= rated):
                    continue
                ds = DIGITS_OF[digits]
                best = Step(
                    "BUG type 3",
                    rated,
                    eliminations=tuple(sorted(elim)),
                    cells=(*cells, *combo),
                    candidates=tuple((c, d) for c in cells for d in DIGITS_OF[extra[c]]),
                    units=(u,),
                    text=_grave(cells, f"their {digits_text(DIGITS_OF[all_extra])}")
                    + f"; so one of them holds {digits_text(DIGITS_OF[all_extra], 'or')}: they act "
                    f"as one cell holding {digits_text(DIGITS_OF[all_extra])}, which with "
                    f"{names(combo)} forms a naked {SET_NAME[k]} on {digits_text(ds)} in "
                    f"{unit_name(u)}: no other cell of it can hold {digits_text(ds, 'or')}",
                )
    return best
