"""A traced copy of `algorithms.dlx` (Algorithm X with dancing links): the same matrix and the
same column choices, node for node, calling a Recorder where the original calls its meter."""

from __future__ import annotations

from ..algorithms import dlx
from ..board import Grid, a_digit, cell_name
from .record import Frame, Recorder

FIRST = dlx._FIRST  # the first row node; column headers are 1..324


def constraint_name(column: int) -> str:
    """What a column (0..323) asks for, in words: 'r4c6 holds a digit', 'row 3 has a 7'."""
    kind, rest = divmod(column, 81)
    if not kind:
        return f"{cell_name(rest)} holds a digit"
    unit, digit = divmod(rest, 9)
    return f"{('row', 'column', 'box')[kind - 1]} {unit + 1} has {a_digit(digit + 1)}"


def row_choice(node: int) -> tuple[int, int]:
    """The (cell, digit) of the candidate row a node belongs to."""
    cell, d = divmod((node - FIRST) >> 2, 9)
    return cell, d + 1


def search(grid: Grid, limit: int, rec: Recorder) -> None:
    """Algorithm X choosing the smallest column (see algorithms.dlx)."""
    found = rec.found
    L, R, U, D, C, S = (list(links) for links in (dlx._L, dlx._R, dlx._U, dlx._D, dlx._C, dlx._S))

    def cover(c: int) -> None:
        L[R[c]] = L[c]
        R[L[c]] = R[c]
        i = D[c]
        while i != c:
            j = R[i]
            while j != i:
                U[D[j]] = U[j]
                D[U[j]] = D[j]
                S[C[j]] -= 1
                j = R[j]
            i = D[i]

    def uncover(c: int) -> None:
        i = U[c]
        while i != c:
            j = L[i]
            while j != i:
                S[C[j]] += 1
                U[D[j]] = j
                D[U[j]] = j
                j = L[j]
            i = U[i]
        L[R[c]] = c
        R[L[c]] = c

    cells = list(grid)
    covered = [False] * FIRST
    for cell, digit in enumerate(grid):
        if digit:
            base = FIRST + 4 * (9 * cell + digit - 1)
            headers = [C[base + k] for k in range(4)]
            if any(covered[h] for h in headers):
                return
            for h in headers:
                covered[h] = True
                cover(h)

    chosen: list[int] = []

    def snapshot(c: int, size: int) -> Frame:
        now = list(grid)
        path = tuple(row_choice(node) for node in chosen)
        for cell, digit in path:
            now[cell] = digit
        options = []
        r = D[c] if c else 0
        while r != c:
            options.append(row_choice(r))
            r = D[r]
        return Frame(
            step=rec.nodes,
            depth=len(chosen),
            grid=tuple(now),
            path=path,
            filled=(),
            cell=c - 1 if 0 < c <= 81 else None,
            options=tuple(options),
            solution=not c,
            guesses=rec.guesses,
            backtracks=rec.backtracks,
            widths=tuple(rec.widths),
            column=constraint_name(c - 1) if c else "",
            column_size=size,
        )

    def solve() -> None:
        hit = rec.node(len(chosen))
        c = R[0]
        if not c:
            if hit:
                rec.frame = snapshot(0, 0)
            for node in chosen:
                cell, d = divmod((node - FIRST) >> 2, 9)
                cells[cell] = d + 1
            rec.solution(tuple(cells))
            return
        fewest = S[c]
        h = R[c]
        while h and fewest > 1:
            if S[h] < fewest:
                c, fewest = h, S[h]
            h = R[h]
        if hit:
            rec.frame = snapshot(c, fewest)
        if not fewest:
            return
        cover(c)
        wide = fewest > 1
        rec.widths.append(fewest)
        r = D[c]
        while r != c:
            rec.guesses += wide
            if rec.open:
                rec.tried(len(chosen), *row_choice(r), False)
            chosen.append(r)
            j = R[r]
            while j != r:
                cover(C[j])
                j = R[j]
            before = len(found)
            solve()
            j = L[r]
            while j != r:
                uncover(C[j])
                j = L[j]
            chosen.pop()
            if len(found) == before:
                rec.backtracks += wide
            elif len(found) >= limit:
                break
            r = D[r]
        rec.widths.pop()
        uncover(c)

    solve()
