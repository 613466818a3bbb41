"""Traced copies of `algorithms.backtrack` and `algorithms.mrv`: the same searches, node for
node, calling a Recorder where the originals call their meter."""

from __future__ import annotations

from ..board import ALL, BIT, BOX_OF, COL_OF, DIGITS_OF, POPCOUNT, ROW_OF, Grid, used_digits
from .record import Frame, Recorder


def backtrack(grid: Grid, limit: int, rec: Recorder) -> None:
    """Cell-order backtracking (see algorithms.backtrack)"""
    found = rec.found
    used = used_digits(grid)
    if used is None:
        return
    rows, cols, boxes = used
    cells = list(grid)
    empty = [cell for cell in range(81) if not grid[cell]]
    places = [(cell, ROW_OF[cell], COL_OF[cell], BOX_OF[cell]) for cell in empty]
    depth = len(places)

    def fill(k: int) -> None:
        if rec.node(k):
            path = tuple((cell, cells[cell]) for cell in empty[:k])
            if k == depth:
                rec.frame = _frame(rec, k, cells, path, None, ())
            else:
                cell, r, c, b = places[k]
                allowed = ALL & ~(rows[r] | cols[c] | boxes[b])
                options = tuple((cell, d) for d in DIGITS_OF[allowed])
                rec.frame = _frame(rec, k, cells, path, cell, options)
        if k == depth:
            rec.solution(tuple(cells))
            return
        cell, r, c, b = places[k]
        digits = DIGITS_OF[ALL & ~(rows[r] | cols[c] | boxes[b])]
        wide = len(digits) > 1  # a real choice: the lab counts only these
        rec.widths.append(len(digits))
        for digit in digits:
            rec.guesses += wide
            if rec.open:
                rec.tried(k, cell, digit, False)
            bit = BIT[digit]
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            cells[cell] = digit
            before = len(found)
            fill(k + 1)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            if len(found) == before:
                rec.backtracks += wide
            elif len(found) >= limit:
                return
        rec.widths.pop()
        cells[cell] = 0

    fill(0)


def mrv(grid: Grid, limit: int, rec: Recorder) -> None:
    """Backtracking on the most constrained cell (see algorithms.mrv)."""
    found = rec.found
    used = used_digits(grid)
    if used is None:
        return
    rows, cols, boxes = used
    cells = list(grid)
    open_ = [(c, ROW_OF[c], COL_OF[c], BOX_OF[c]) for c in range(81) if not grid[c]]
    total = len(open_)

    def fill(n: int) -> None:
        hit = rec.node(total - n)
        if not n:
            if hit:
                rec.frame = _frame(rec, total, cells, _mrv_path(open_, cells, n), None, ())
            rec.solution(tuple(cells))
            return
        best, fewest, allowed = 0, 10, 0
        for i in range(n):
            _, r, c, b = open_[i]
            mask = ALL & ~(rows[r] | cols[c] | boxes[b])
            count = POPCOUNT[mask]
            if count < fewest:
                best, fewest, allowed = i, count, mask
                if count <= 1:
                    break
        if hit:
            cell = open_[best][0]
            options = tuple((cell, d) for d in DIGITS_OF[allowed])
            path = _mrv_path(open_, cells, n)
            rec.frame = _frame(rec, total - n, cells, path, cell, options)
        if not fewest:
            return
        last = n - 1
        open_[best], open_[last] = open_[last], open_[best]
        cell, r, c, b = open_[last]
        wide = fewest > 1
        rec.widths.append(fewest)
        for digit in DIGITS_OF[allowed]:
            rec.guesses += wide
            if rec.open:
                rec.tried(total - n, cell, digit, False)
            bit = BIT[digit]
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
            cells[cell] = digit
            before = len(found)
            fill(last)
            rows[r] ^= bit
            cols[c] ^= bit
            boxes[b] ^= bit
            if len(found) == before:
                rec.backtracks += wide
            elif len(found) >= limit:
                break
        rec.widths.pop()
        cells[cell] = 0
        open_[best], open_[last] = open_[last], open_[best]

    fill(total)


def _mrv_path(
    open_: list[tuple[int, int, int, int]], cells: list[int], n: int
) -> tuple[tuple[int, int], ...]:
    """MRV's choices so far: each level moved its cell to the end of the open part."""
    return tuple((open_[i][0], cells[open_[i][0]]) for i in range(len(open_) - 1, n - 1, -1))


def _frame(
    rec: Recorder,
    depth: int,
    cells: list[int],
    path: tuple[tuple[int, int], ...],
    cell: int | None,
    options: tuple[tuple[int, int], ...],
) -> Frame:
    return Frame(
        step=rec.nodes,
        depth=depth,
        grid=tuple(cells),
        path=path,
        filled=(),
        cell=cell,
        options=options,
        solution=cell is None,
        guesses=rec.guesses,
        backtracks=rec.backtracks,
        widths=tuple(rec.widths),
    )
