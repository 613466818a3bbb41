"""Multiple forcing chains (static): cell forcing chains and unit forcing chains.

From each candidate of a cell (or each place of a digit in a unit) assumed true, follow the
position's strong and weak links as they stand (static chains: no new singles are looked for
along the way). Whatever follows from every one of them holds. Rated like Sudoku Explainer's
"multiple forcing chains": 8.0 plus the length bonus of all the branches together, where a
branch counts the nodes from its assumption to the conclusion. These are trials too, so the
steps are labelled last resort.
"""

from __future__ import annotations

from dataclasses import replace

from ..board import DIGITS, UNIT_BB, cell_name, set_bits, unit_name
from ..ratings import chain_rating, rating
from ..search import UNLIMITED, Meter
from .links import WEAK_XY, Links
from .position import Position
from .step import Candidate, Chain, Node, Step, cand_text

MAX_LEVELS = 20


def _closure(links: Links, p: int) -> tuple[list[int], list[int]]:
    """Facts forced by candidate p being true, level by level: (on sets, off sets).

    on[k] holds what is on after k strong links (on[0] is p itself); off[k] what the on set
    of level k switches off.
    """
    cand = links.cand
    strong = links.strong_xy
    on_levels = [1 << p]
    off_levels: list[int] = []
    on_all = 1 << p
    off_all = 0
    frontier = 1 << p
    for _ in range(MAX_LEVELS):
        hit = 0
        for t in set_bits(frontier):
            hit |= WEAK_XY[t]
        new_off = hit & cand & ~off_all
        off_levels.append(new_off)
        off_all |= new_off
        nxt = 0
        for f in set_bits(new_off):
            nxt |= strong[f]
        nxt &= ~on_all
        if not nxt:
            break
        on_levels.append(nxt)
        on_all |= nxt
        frontier = nxt
    return on_levels, off_levels


def _depth(levels: list[int], q: int, on: bool) -> int:
    """Nodes from the assumption to fact q (which must be in one of the levels)."""
    for k, level in enumerate(levels):
        if level >> q & 1:
            return 2 * k + 1 if on else 2 * k + 2
    raise ValueError("fact not reached")


def _union(levels: list[int]) -> int:
    out = 0
    for level in levels:
        out |= level
    return out


def multiple_forcing(s: Position, meter: Meter | None = None) -> Step | None:
    """The lowest-rated cell or unit forcing chain with static links (rated 8.0+). Each
    candidate of a cell or unit followed costs a node."""
    meter = meter or UNLIMITED.start()
    links = Links(s)
    closures: dict[int, tuple[list[int], list[int], int, int]] = {}

    def closure(p: int) -> tuple[list[int], list[int], int, int]:
        if p not in closures:
            on, off = _closure(links, p)
            closures[p] = (on, off, _union(on), _union(off))
        return closures[p]

    best: Step | None = None
    best_key = (float("inf"), 0)  # (rating, -gain): a placement gains 3, an elimination 1
    groups: list[tuple[str, tuple[int, ...], list[int]]] = []
    for cell in set_bits(s.empty):
        ps = [9 * cell + d - 1 for d in DIGITS if s.cands[cell] >> (d - 1) & 1]
        if len(ps) >= 2:
            groups.append((f"whatever {cell_name(cell)} holds", (), ps))
    for u in range(27):
        for d in DIGITS:
            where = s.dbb[d] & UNIT_BB[u]
            if where.bit_count() >= 2:
                ps = [9 * c + d - 1 for c in set_bits(where)]
                groups.append((f"wherever {d} goes in {unit_name(u)}", (u,), ps))
    for premise, units, ps in groups:
        meter.spend(len(ps))
        on = off = -1
        for p in ps:
            _, _, on_all, off_all = closure(p)
            on &= on_all
            off &= off_all
            if not on and not off:
                break
        on &= links.cand
        off &= links.cand
        if not on and not off:
            continue
        for q in set_bits(on | off):
            is_on = bool(on >> q & 1)
            length = 0
            for p in ps:
                on_levels, off_levels, _, _ = closure(p)
                length += _depth(on_levels if is_on else off_levels, q, is_on)
            rated = chain_rating(rating("Cell or unit forcing chains"), length - 2)
            gain = 3 if is_on else 1
            if (rated, -gain) < best_key:
                best_key = (rated, -gain)
                best = _forcing_step(premise, units, ps, q, is_on, rated)
    if best is not None:
        cell, digit = (best.placements or best.eliminations)[0]
        q = 9 * cell + digit - 1
        chains = tuple(
            _branch(links, 9 * c + d - 1, q, bool(best.placements)) for c, d in best.candidates[:-1]
        )
        best = replace(best, chains=chains)
    return best


def _branch(links: Links, p: int, q: int, is_on: bool) -> Chain:
    """The shortest static chain from candidate p true to q true (`is_on`) or false."""
    cand = links.cand
    strong = links.strong_xy
    parent: dict[tuple[int, bool], tuple[int, bool] | None] = {(p, True): None}
    frontier = [p]
    goal = (q, is_on)
    while goal not in parent:
        offs = []
        for t in frontier:
            for f in set_bits(WEAK_XY[t] & cand):
                if (f, False) not in parent:
                    parent[(f, False)] = (t, True)
                    offs.append(f)
        frontier = []
        for f in offs:
            for t in set_bits(strong[f]):
                if (t, True) not in parent:
                    parent[(t, True)] = (f, False)
                    frontier.append(t)
    path = [goal]
    while (up := parent[path[-1]]) is not None:
        path.append(up)
    path.reverse()
    return Chain(
        tuple(
            Node((x // 9,), x % 9 + 1, on, (i - 1,) if i else ()) for i, (x, on) in enumerate(path)
        )
    )


def _forcing_step(
    premise: str, units: tuple[int, ...], ps: list[int], q: int, is_on: bool, rated: float
) -> Step:
    cell, digit = q // 9, q % 9 + 1
    starts = tuple((p // 9, p % 9 + 1) for p in ps)
    kind = "Unit" if units else "Cell"
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    if is_on:
        what = f"{cell_name(cell)} is {digit}"
        placements = ((cell, digit),)
    else:
        what = f"{cell_name(cell)} cannot be {digit}"
        eliminations = ((cell, digit),)
    return Step(
        f"{kind} forcing chains",
        rated,
        placements=placements,
        eliminations=eliminations,
        cells=(*dict.fromkeys(c for c, _ in starts), cell),
        candidates=(*starts, (cell, digit)),
        units=units,
        last_resort=True,
        text=f"Following the chains from each option ({', '.join(cand_text(x) for x in starts)}): "
        f"{premise}, {what}",
    )
