"""The solver lab: every search algorithm on one puzzle side by side, and any step of any of them.

    /lab                               examples, a paste box, the algorithms explained
    /lab/<puzzle>                      all five algorithms on the puzzle, under one node budget
    /lab/<puzzle>?algo=mrv&step=1234   one algorithm at its 1234th node (step 1 is left out)

Nothing is stored: a step is the search replayed from the start (the searches are
deterministic), so every page is the same on every worker and every run, and may be cached.
Budgets are in nodes, never seconds, for the same reason; times shown are measurements.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from flask import Blueprint, make_response, redirect, render_template, request
from werkzeug.wrappers import Response

from . import limits
from .enginepool import current as engine
from .htmx import is_htmx
from .learn import path_url
from .stepper import Link, stepper
from .sudoku import (
    BOX_OF,
    COL_OF,
    DIGITS,
    ROW_OF,
    TRACEABLE,
    Budget,
    Frame,
    Grid,
    PuzzleFormatError,
    Trace,
    Verdict,
    a_digit,
    cell_name,
    conflicts,
    count_solutions,
    parse,
    trace,
)
from .urlstate import GameState, StateError, decode_cells, encode_cells, single

bp = Blueprint("lab", __name__)

# The node budget of every run in the lab: the side by side gives each algorithm this many
# nodes, and the step view can show any of them. Replaying 20,000 nodes takes 10 ms for
# backtracking, about 50 ms for MRV and 80 ms for dancing links (BENCHMARKS.md, "Solver lab").
NODES = 20_000
LIMIT = 2  # solutions looked for: a second one means the puzzle has several
CACHE = "public, max-age=86400"  # a page depends on its URL alone
NAMES = {
    "backtrack": "Backtracking",
    "mrv": "Fewest choices first (MRV)",
    "propagate": "Constraint propagation",
    "dlx": "Dancing links",
    "sat": "SAT solver",
}
SHORT = {
    "backtrack": "Backtracking",
    "mrv": "MRV",
    "propagate": "Propagation",
    "dlx": "Dancing links",
    "sat": "SAT",
}
VERDICTS = {
    Verdict.UNIQUE: "solved",
    Verdict.SOLVED: "solved",
    Verdict.MULTIPLE: "several solutions",
    Verdict.NO_SOLUTION: "no solution",
    Verdict.GAVE_UP: "gave up",
}


@dataclass(frozen=True)
class Example:
    title: str
    why: str
    puzzle: str

    @property
    def code(self) -> str:
        return encode_cells(parse(self.puzzle))


EXAMPLES = (
    Example(
        "An easy one",
        "Grid 01 of Project Euler's problem 96: logic alone fills it, so propagation needs a "
        "single node while plain backtracking still wanders.",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ),
    Example(
        "A hard one from top95",
        "Number 38 of Norvig's 95 hard puzzles: backtracking gives up, MRV needs thousands of "
        "nodes, propagation about fifty.",
        "1....6.8..64..........4...7....9.6...7.4..5..5...7.1...5....32.3....8...4........",
    ),
    Example(
        "One made to defeat backtracking",
        "Its top row is empty and its solution's top row is 9 8 7 6 5 4 3 2 1, the last digits "
        "cell-order backtracking tries: it needs 69,175,317 nodes to find the solution (and "
        "69,207,227 to be sure it is the only one). Propagation needs one.",
        "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    ),
    Example(
        "One with two solutions",
        "The easy one without the 7 in row 6, column 4: now two grids fit. Each algorithm "
        "finds one, goes on and finds the other.",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..6..82....26.95..8..2.3..9..5.1.3..",
    ),
    Example(
        "One with no solution",
        "No digit repeats in a unit, yet no grid fits: every algorithm must search the whole "
        "tree before it can say so.",
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4.7.3......1..4......7..7...3..",
    ),
)


AGAINST_BACKTRACKING = f"/lab/{EXAMPLES[2].code}"  # the backtracking text links this example


@bp.context_processor
def _examples_named() -> dict[str, str]:
    """What the algorithms' texts link to on every lab page."""
    return {"against_backtracking": AGAINST_BACKTRACKING}


@dataclass(frozen=True)
class Run:
    """One algorithm's row of the side by side."""

    algorithm: str
    name: str
    verdict: str
    nodes: int
    guesses: int  # digits tried where two or more were left
    backtracks: int  # guesses whose branch held no new solution
    max_depth: int
    milliseconds: float


@dataclass(frozen=True)
class Square:
    """One cell of the lab's grid: its digit, its CSS classes and the digits to try there."""

    digit: int
    classes: str
    options: tuple[int, ...]  # digits the search will try here (shown small)


@bp.get("/lab")
def home() -> Response:
    """The lab's front page; its paste box (GET ?puzzle=) opens the lab on a puzzle, or
    comes back (400) with the text kept and what is wrong with it next to the box."""
    text = single(request.args.to_dict(flat=False), "puzzle")
    problem = ""
    if text is not None:
        try:
            grid = parse(text)
        except PuzzleFormatError as err:
            problem = f"That puzzle can't be read ({err})."
        else:
            return redirect(f"/lab/{encode_cells(grid)}", 303)
    elif request.query_string:
        return redirect("/lab", 301)
    examples = [(example, _givens(parse(example.puzzle))) for example in EXAMPLES]
    context = {"examples": examples, "names": NAMES, "nodes": NODES, "problem": problem}
    response = make_response(render_template("lab.html", pasted=text or "", **context))
    response.headers["Cache-Control"] = CACHE
    if problem:
        response.status_code = 400
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@bp.get("/lab/")
def home_slash() -> Response:
    return redirect("/lab", 301)


def _game_url(grid: Grid) -> str:
    """The game page of the puzzle."""
    return GameState(grid).url


def _givens(grid: Grid) -> int:
    """How many givens a puzzle has."""
    return sum(1 for d in grid if d)


def _read_algorithm(value: str | None) -> str | None:
    if value in (None, ""):
        return None
    if value not in TRACEABLE:
        raise StateError(
            f"the algorithm (algo=) must be one of {', '.join(TRACEABLE)}, not {value[:20]!r}",
            fallback=request.path,
        )
    return value


def _read_step(value: str | None, algorithm: str | None) -> int:
    if value in (None, ""):
        return 1
    if algorithm is None:
        raise StateError("a step (step=) needs an algorithm (algo=) to step through", request.path)
    if not (value.isascii() and value.isdigit() and len(value) <= 6 and 1 <= int(value) <= NODES):
        raise StateError(
            f"the step (step=) must be a number from 1 to {NODES:,}, not {value[:20]!r}",
            fallback=f"{request.path}?algo={algorithm}",
        )
    return int(value)


def lab_url(code: str, algorithm: str | None = None, step: int = 1) -> str:
    """The canonical URL of a lab page."""
    if algorithm is None:
        return f"/lab/{code}"
    return f"/lab/{code}?algo={algorithm}" + (f"&step={step}" if step != 1 else "")


def _asked() -> tuple[Grid, str | None, int]:
    """The puzzle, algorithm and step a lab page's URL asks for (StateError if it can't)."""
    grid = decode_cells(str((request.view_args or {}).get("puzzle", "")), "the puzzle")
    args = request.args.to_dict(flat=False)
    algorithm = _read_algorithm(single(args, "algo"))
    return grid, algorithm, _read_step(single(args, "step"), algorithm)


def _requested() -> str:
    """The path and query the request came with."""
    query = request.query_string.decode("latin-1")
    return request.path + ("?" + query if query else "")


def _is_canonical() -> bool:
    """The URL is a lab page's own (only those run the algorithms: the others redirect to
    it, or are refused, and cost the client nothing)."""
    try:
        grid, algorithm, step = _asked()
    except StateError:
        return False
    return _requested() == lab_url(encode_cells(grid), algorithm, step)


@bp.get("/lab/<puzzle>")
@limits.costly(
    "engine",
    when=_is_canonical,
    cost=lambda: 1 if request.args.get("algo") else len(TRACEABLE),
)
def puzzle_page(puzzle: str) -> Response:
    """The side by side (no algo=) or one algorithm's step view; other spellings redirect."""
    grid, algorithm, step = _asked()
    code = encode_cells(grid)
    url = lab_url(code, algorithm, step)
    if _requested() != url:
        return redirect(url, 301)
    if algorithm is None:
        response = _side_by_side(grid, code)
    else:
        response = _step_view(grid, code, algorithm, step)
    response.headers["Cache-Control"] = CACHE
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    response.headers["Vary"] = "HX-Request"
    return response


def side_by_side_runs(grid: Grid) -> list[Run]:
    """Every algorithm on `grid` under the lab's node budget (the engine's part)."""
    runs = []
    for algorithm in TRACEABLE:
        budget = Budget(nodes=NODES)
        outcome = count_solutions(grid, LIMIT, algorithm=algorithm, budget=budget)
        depth = trace(grid, algorithm, nodes=NODES, limit=LIMIT).max_depth
        stats = outcome.stats
        runs.append(
            Run(
                algorithm,
                NAMES[algorithm],
                VERDICTS[outcome.verdict],
                stats.nodes,
                stats.guesses,
                stats.backtracks,
                depth,
                stats.seconds * 1000,
            )
        )
    return runs


def _side_by_side(grid: Grid, code: str) -> Response:
    runs = engine("slow").run(side_by_side_runs, grid)
    context = {
        "code": code,
        "squares": _squares(grid, None),
        "game_url": _game_url(grid),
        "runs": runs,
        "chart": _bar_chart(runs),
        "names": NAMES,
        "nodes": NODES,
        "givens": _givens(grid),
        "lab_url": lab_url,
        "path_url": _path_url(code, {run.verdict for run in runs}),
    }
    return make_response(render_template("lab_puzzle.html", **context))


def _path_url(code: str, verdicts: set[str]) -> str | None:
    """The puzzle's solve path, worth a link unless the lab found it has no single solution
    (the solve path then has nothing to show)."""
    if verdicts & {VERDICTS[Verdict.MULTIPLE], VERDICTS[Verdict.NO_SOLUTION]}:
        return None
    return path_url(code)


def _step_view(grid: Grid, code: str, algorithm: str, step: int) -> Response:
    run = engine().run(trace, grid, algorithm, nodes=NODES, step=step, limit=LIMIT)
    if step > max(run.nodes, 1):
        steps = (
            f"has {run.nodes:,} step{'s' if run.nodes > 1 else ''}"
            if run.nodes
            else "takes no step"
        )
        raise StateError(
            f"this search {steps}, so there is no step {step:,}",
            fallback=lab_url(code, algorithm, max(run.nodes, 1)),
        )
    context = {
        "code": code,
        "algorithm": algorithm,
        "names": NAMES,
        "short": SHORT,
        "algorithms": TRACEABLE,
        "run": run,
        "verdict": VERDICTS[run.verdict],
        "step": step,
        "nav": _navigation(run, code, algorithm, step),
        "squares": _squares(grid, run.frame),
        "clubs": _clubs(run.frame),
        "narrowed": _narrowed(run.frame),
        "depth_chart": _depth_chart(run, step) if run.max_depth else None,
        "nodes": NODES,
        "grid_label": _grid_label(run.frame),
        "cell_name": cell_name,
        "a_digit": a_digit,
        "lab_url": lab_url,
        "clash": clashes[0].describe() if (clashes := conflicts(grid)) else "",
        "path_url": _path_url(code, {VERDICTS[run.verdict]}),
        "between": _between,
    }
    if is_htmx():
        return make_response(render_template("partials/lab_step_response.html", **context))
    return make_response(render_template("lab_step.html", **context))


def _between(frame: Frame, depth: int) -> tuple[int, int]:
    """Going back from `frame` to a choice at `depth`: how many levels of the path between
    are left behind, and how many of them were forced (one option, nothing else to try)."""
    skipped = frame.widths[depth + 1 : frame.depth]
    return len(skipped), sum(1 for width in skipped if width == 1)


def _navigation(run: Trace, code: str, algorithm: str, step: int) -> list[Link]:
    """First, Back, Forward and Last, then the next dead end and the next solution."""
    later_dead = next((s for s in run.dead_ends if s > step), None)
    later_solution = next((s for s in run.solved_at if s > step), None)

    def to(target: int) -> str:
        return lab_url(code, algorithm, target)

    return [
        *stepper(step, run.nodes, to, "lab", forward="Forward"),
        Link("Next dead end", to(later_dead) if later_dead else None, "lab-dead"),
        Link("Next solution", to(later_solution) if later_solution else None, "lab-solution"),
    ]


def _squares(grid: Grid, frame: Frame | None) -> list[Square]:
    """The lab grid: givens, guesses on the path, propagation's placements, the cell in focus
    and its row, column and box (the units whose digits rule out its candidates)."""
    shown = frame.grid if frame else grid
    guessed = {cell for cell, _ in frame.path} if frame else set()
    last_guess = frame.path[-1][0] if frame and frame.path else None
    filled = set(frame.filled) if frame else set()
    focus = frame.cell if frame else None
    options: dict[int, list[int]] = {}
    for cell, digit in frame.options if frame else ():
        options.setdefault(cell, []).append(digit)
    squares = []
    for cell, digit in enumerate(shown):
        classes = []
        if grid[cell]:
            classes.append("given")
        elif cell in guessed:
            classes.append("guess")
        elif cell in filled:
            classes.append("filled")
        elif digit:
            classes.append("placed")
        if cell == last_guess:
            classes.append("latest")
        if focus is not None and cell != focus:
            same = (ROW_OF[cell] == ROW_OF[focus], COL_OF[cell] == COL_OF[focus])
            if any(same) or BOX_OF[cell] == BOX_OF[focus]:
                classes.append("club")
        if cell == focus:
            classes.append("focus")
            if frame and frame.dead_end:
                classes.append("dead")
        if cell in options and cell != focus:
            classes.append("option")
        if frame and frame.solution:
            classes.append("done")
        squares.append(Square(digit, " ".join(classes), tuple(options.get(cell, ()))))
    return squares


@dataclass(frozen=True)
class Club:
    """One of the three units of the focus cell, and the digits it already holds."""

    unit: str
    used: tuple[int, ...]


def _clubs(frame: Frame | None) -> list[Club]:
    if frame is None or frame.cell is None:
        return []
    cell = frame.cell
    units = (f"Row {ROW_OF[cell] + 1}", f"Column {COL_OF[cell] + 1}", f"Box {BOX_OF[cell] + 1}")
    return [
        Club(unit, tuple(d for d in DIGITS if mask >> (d - 1) & 1))
        for unit, mask in zip(units, frame.clubs, strict=True)
    ]


def _narrowed(frame: Frame | None) -> bool:
    """The focus cell has fewer digits left than its row, column and box alone leave (what
    propagation ruled out besides them)."""
    if frame is None or frame.cell is None:
        return False
    row, column, box = frame.clubs  # worked out anew at each reading
    return len(frame.options) < 9 - (row | column | box).bit_count()


def _grid_label(frame: Frame | None) -> str:
    if frame is None:
        return "The puzzle"
    placed = sum(1 for d in frame.grid if d)
    text = f"The grid at step {frame.step}: {placed} of 81 cells hold a digit"
    if frame.cell is not None:
        text += f"; the search branches on {cell_name(frame.cell)}"
    return text + "."


# Charts: server-rendered SVG, sized by viewBox so that they scale with the page.

CHART_WIDTH = 440
BAR_HEIGHT = 30
LABEL_WIDTH = 116


@dataclass(frozen=True)
class Bar:
    name: str
    nodes: int
    y: int
    width: float
    gave_up: bool


def _bar_chart(runs: list[Run]) -> dict[str, object]:
    """Nodes per algorithm on a log scale (1 to the budget), one bar each."""
    decades = len(str(NODES))  # 10^0 .. 10^decades covers the budget
    span = CHART_WIDTH - LABEL_WIDTH - 70
    bars = []
    for i, run in enumerate(runs):
        scale = math.log10(run.nodes) / decades if run.nodes else 0
        bars.append(
            Bar(
                SHORT[run.algorithm],
                run.nodes,
                8 + i * BAR_HEIGHT,
                span * scale,
                run.verdict == "gave up",
            )
        )
    ticks = [(LABEL_WIDTH + span * k / decades, f"{10**k:,}") for k in range(decades + 1)]
    height = 8 + len(runs) * BAR_HEIGHT + 24
    return {
        "bars": bars,
        "ticks": ticks,
        "height": height,
        "left": LABEL_WIDTH,
        "width": CHART_WIDTH,
    }


DEPTH_WIDTH = 640
DEPTH_HEIGHT = 120
DEPTH_POINTS = 320  # columns drawn at most: a long run is drawn as each column's range


def _depth_chart(run: Trace, step: int) -> dict[str, object]:
    """The depth of the search at every step (backtracking's sawtooth): the part up to `step`
    and the part after it as two paths, and a marker at `step`."""
    depths, top = run.depths, run.max_depth  # drawn only for runs that go below the root
    n = len(depths)
    columns = min(n, DEPTH_POINTS)
    here = (step - 1) * columns // n  # the column that holds `step`

    def y(depth: int) -> float:
        return round(DEPTH_HEIGHT - 4 - (DEPTH_HEIGHT - 8) * depth / top, 1)

    def x(column: float) -> float:
        return round(DEPTH_WIDTH * column / max(columns - 1, 1), 1) if columns > 1 else 0.0

    def path(first: int, last: int) -> str:
        parts = []
        for col in range(first, last + 1):
            chunk = depths[col * n // columns : (col + 1) * n // columns] or depths[-1:]
            low, high = min(chunk), max(chunk)
            parts.append(f"{'M' if col == first else 'L'}{x(col)} {y(chunk[0])}")
            if high != low:
                parts.append(f"L{x(col)} {y(high)}L{x(col)} {y(low)}L{x(col)} {y(chunk[-1])}")
        return "".join(parts)

    return {
        "done": path(0, here),
        "later": path(here, columns - 1) if here < columns - 1 else "",
        "marker": x(here),
        "width": DEPTH_WIDTH,
        "height": DEPTH_HEIGHT,
        "top": top,
    }
