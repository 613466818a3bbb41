"""Learning pages: how to solve a puzzle step by step, the technique library with worked
examples and practise puzzles, and a finished game looked back on.

    /path/<puzzle>?step=N                     the logical solve, one step on the grid at a time
    /techniques                               every technique the engine knows, easiest first
    /techniques/<slug>                        one technique: rating, explanation, worked example
    /techniques/<slug>/practise               a fresh practise puzzle (redirects to its seed)
    /techniques/<slug>/practise/<seed>        the practise puzzle that seed makes
    /review/v1/<puzzle>?e=...&h=...&at=K      a game looked back on: the game's own URL state

Every page is a function of its URL: budgets are in nodes, so a page is the same on every
worker and may be cached. A solve is worked out once per worker and remembered. Steps are
plain links; htmx (hx-select) swaps the main part of the same full page in place.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from . import hint_panel, limits, page_rating
from .enginepool import current as engine
from .errors import error_page
from .remembered import Remembered
from .stepper import stepper
from .sudoku import (
    GRADE_BUDGET,
    LEVEL_NAMES,
    SEED_LIMIT,
    WEB_BUDGET,
    GameMove,
    Grid,
    Hint,
    Moment,
    NotFound,
    Point,
    Review,
    Step,
    TechniqueEntry,
    Verdict,
    Walkthrough,
    cell_name,
    conflicts,
    count_solutions,
    listed,
    new_seed,
    practise,
    review,
    technique_by_slug,
    technique_entries,
    technique_for,
    unit_name,
    walkthrough,
    worked_example,
)
from .urlstate import (
    GameState,
    Move,
    StateError,
    decode_cells,
    encode_cells,
    from_url,
    single,
)

bp = Blueprint("learn", __name__)

CACHE = "public, max-age=86400"  # a page depends on its URL alone
NOINDEX = "noindex, nofollow"
# Seeds a fresh practise puzzle may try before it takes a known seed (techniques/examples.py),
# and seeds a practise link may try (a link the site made hits at the first): attempts at the
# rarer techniques grade several puzzles each, so both stay small.
FRESH_ATTEMPTS = 8
SEED_ATTEMPTS = 20
REMEMBERED = 64  # solves kept per worker


# --- the grid --------------------------------------------------------------------------


@dataclass(frozen=True)
class Square:
    """One cell as drawn: its digit (0: empty), CSS classes, and for an empty cell its nine
    candidate places, each (digit or '', class)."""

    digit: int
    classes: str
    marks: tuple[tuple[str, str], ...] = ()


def squares(
    puzzle: Grid,
    moment: Moment | None,
    *,
    shown: Grid | None = None,
    played: int | None = None,
    wrong: Iterable[int] = (),
) -> tuple[Square, ...]:
    """The grid of `moment` (the position before its step) with the step drawn as a hint's
    third level draws it: its units shaded, its cells marked, the candidates it uses green (a
    colouring's in its colours) and those it removes red. `shown` overrides the digits (a
    player's grid, with `wrong` cells marked); `played` outlines the cell a player changed
    next."""
    grid = shown or (moment.grid if moment else puzzle)
    cands = moment.cands if moment else (0,) * 81
    step = moment.step if moment else None
    zone = set(step.unit_cells) if step else set()
    pattern = set(step.cells) if step else set()
    notes: dict[int, dict[int, str]] = {}
    if step:
        for cell, digit in (*step.candidates, *step.placements):
            notes.setdefault(cell, {})[digit] = "on"
        colours = [name for name, _ in hint_panel.COLOURS]
        for k, group in enumerate(step.colours):
            for cell, digit in group:
                notes.setdefault(cell, {})[digit] = colours[k % len(colours)]
        for cell, digit in step.eliminations:
            notes.setdefault(cell, {})[digit] = "off"
    targets = {cell for cell, _ in step.placements} if step else set()
    bad = set(wrong)
    out = []
    for c in range(81):
        classes = ["given" if puzzle[c] else "placed" if grid[c] else "empty"]
        if c in bad:
            classes.append("wrong")
        if c in zone:
            classes.append("zone")
        if c in pattern:
            classes.append("pattern")
        if c in targets:
            classes.append("target")
        if c == played:
            classes.append("played")
        marks: tuple[tuple[str, str], ...] = ()
        if not grid[c] and cands[c]:
            mine = notes.get(c, {})
            marks = tuple(
                (str(d) if cands[c] >> (d - 1) & 1 else "", mine.get(d, "")) for d in range(1, 10)
            )
        out.append(Square(grid[c], " ".join(classes), marks))
    return tuple(out)


def move_text(step: Step) -> str:
    """'Place 5 in r1c2' or 'Remove 5 from r1c2 and r1c3'."""
    return Hint(None, step=step).move


def where(step: Step) -> str:
    """The units a step works in ('row 3 and box 1'), or ''."""
    units = list(dict.fromkeys(step.units))
    if not units:
        return ""
    return listed(unit_name(u) for u in units)


bp.add_app_template_global(hint_panel.step_folds)


@bp.app_template_global()
def technique_href(name: str, rating: float = 0.0) -> str | None:
    """The library page of a technique named as steps name it ('Hidden single'), if any;
    without a rating, the easiest entry of that name."""
    entry = technique_for(name, rating)
    return url_for("learn.technique", slug=entry.slug) if entry else None


@bp.app_template_global()
def size_bonus(name: str, rating: float) -> float:
    """What a step's rating adds to its technique's (0.3 for a dynamic forcing chain rated 8.8),
    so a page can say why the two differ (`bonus_reason`)."""
    entry = technique_for(name, rating)
    return round(rating - entry.rating, 1) if entry else 0.0


# Why a step can be rated above its technique's base (ratings.py), for the techniques whose
# reason is not a chain's length: a set's digits, a wing's largest cell, a loop's size.
BONUS_REASONS = {
    "Unique rectangle type 3": "for the size of its set",
    "BUG type 3": "for the size of its set",
    "Unique loop": "for its type and the loop's size",
    "WXYZ-Wing": "for how many candidates its set's largest cell has",
    "VWXYZ-Wing": "for how many candidates its set's largest cell has",
}


@bp.app_template_global()
def bonus_reason(name: str, rating: float) -> str:
    """Why a step named `name` is rated `rating`, above its technique's base (`size_bonus`):
    'for its length' for chains and trials, else what the technique's rule adds for."""
    entry = technique_for(name, rating)
    return BONUS_REASONS.get(entry.name if entry else name, "for its length")


def _counts(walk: Walkthrough) -> list[tuple[str, str | None, int]]:
    """Steps per library page, in order of first use: its name, its URL (None for a step the
    library has no page for: named as the step names it) and the count. The hidden singles
    of boxes and of lines each count on their own page."""
    pages: dict[str, str | None] = {}
    counts: dict[str, int] = {}
    for moment in walk.moments:
        step = moment.step
        entry = technique_for(step.technique, step.rating)
        name = entry.name if entry else step.technique
        if name not in pages:
            pages[name] = url_for("learn.technique", slug=entry.slug) if entry else None
        counts[name] = counts.get(name, 0) + 1
    return [(name, href, counts[name]) for name, href in pages.items()]


def _cached(response: Response, noindex: bool = True) -> Response:
    response.headers["Cache-Control"] = CACHE
    if noindex:
        response.headers["X-Robots-Tag"] = NOINDEX
    return response


def _game_url(puzzle: Grid) -> str:
    return GameState(puzzle).url


def _read_number(value: str | None, what: str, last: int) -> int:
    """A step or point number from 1 to `last` (1 when left out), in ASCII digits."""
    if value in (None, ""):
        return 1
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= last:
        raise StateError(f"{what} must be a number from 1 to {last}, not {value[:20]!r}")
    return int(value)


# --- the solve path --------------------------------------------------------------------


@dataclass(frozen=True)
class Solved:
    """A puzzle's walkthrough, or why it has none."""

    walk: Walkthrough | None
    problem: str = ""


_remembered: Remembered[Grid, Solved] = Remembered(REMEMBERED)


def solved(puzzle: Grid) -> Solved:
    """The walkthrough of `puzzle`, worked out by the slow engine processes (the last
    REMEMBERED are remembered per worker)."""
    return _remembered.answer(puzzle, engine("slow").run, solve_path, puzzle)


def _solved_known() -> bool:
    """The solve path asked for is remembered already (so asking costs nothing)."""
    try:
        grid = decode_cells(str((request.view_args or {})["puzzle"]), "the puzzle")
    except (KeyError, StateError):
        return False
    return _remembered.get(grid)[0]


def solve_path(puzzle: Grid) -> Solved:
    """The walkthrough of `puzzle` within the web's grading budget, or why it has none."""
    clashes = conflicts(puzzle)
    if clashes:
        return Solved(None, f"Its givens break a rule: {clashes[0].describe()}.")
    outcome = count_solutions(puzzle, 2, budget=WEB_BUDGET)
    if outcome.verdict is Verdict.MULTIPLE:
        return Solved(None, "It has more than one solution, so no step can be deduced for sure.")
    if outcome.verdict is Verdict.NO_SOLUTION:
        return Solved(None, "It has no solution, so there is nothing to deduce.")
    if outcome.verdict is not Verdict.UNIQUE or outcome.solution is None:
        return Solved(None, "The solver ran out of its budget on it.")
    return Solved(walkthrough(puzzle, budget=GRADE_BUDGET, solution=outcome.solution))


def path_url(code: str, step: int = 1) -> str:
    """The canonical URL of step `step` of a puzzle's solve path."""
    base = url_for("learn.path", puzzle=code)
    return base if step == 1 else f"{base}?step={step}"


@bp.get("/path/<puzzle>")
@limits.costly("grade", when=lambda: not _solved_known())
def path(puzzle: str) -> Response:
    """The whole logical solve of a puzzle, one step shown on the grid at a time."""
    grid = decode_cells(puzzle, "the puzzle")
    code = encode_cells(grid)
    asked = single(request.args.to_dict(flat=False), "step")
    found = solved(grid)
    walk = found.walk
    last = len(walk.moments) if walk else 1
    step = _read_number(asked, "the step (step=)", max(last, 1))
    canonical = path_url(code, step)
    query = request.query_string.decode("latin-1")
    if request.path + ("?" + query if query else "") != canonical:
        return redirect(canonical, 301)
    context: dict[str, object] = {
        "code": code,
        "puzzle": grid,
        "problem": found.problem,
        "walk": walk,
        "number": step,
        "game_url": _game_url(grid),
        "rating": page_rating.rate(grid, engine("slow")) if walk else None,
    }
    if walk and walk.moments:
        moment = walk.moments[step - 1]
        context.update(
            moment=moment,
            squares=squares(grid, moment),
            move=move_text(moment.step),
            where=where(moment.step),
            steps=[(m.step, path_url(code, n)) for n, m in enumerate(walk.moments, 1)],
            counts=_counts(walk),
            # each to the step, not the page's top (without JavaScript a phone showed the
            # title and crumbs again, the step's text under the fold)
            links=stepper(step, last, lambda n: path_url(code, n) + "#path-stage", "path"),
            givens=sum(1 for d in grid if d),
        )
    else:
        context.update(squares=squares(grid, None))
    return _cached(make_response(render_template("learn_path.html", **context)))


# --- the technique library -------------------------------------------------------------


def _entry(slug: str) -> TechniqueEntry:
    entry = technique_by_slug(slug)
    if entry is None:
        message = f"There is no technique called {slug[:40]!r} in the library."
        abort(error_page(404, message, url_for("learn.library"), "See every technique"))
    return entry


@lru_cache(maxsize=1)
def library_order() -> tuple[TechniqueEntry, ...]:
    """Every technique in the library's order, easiest first (ties in the catalog's order,
    which keeps families together): the list on /techniques and each page's previous and
    next links."""
    return tuple(sorted(technique_entries(), key=lambda entry: entry.rating))


# The puzzle sets worked examples come from (../shared/data, see its README), for readers
SOURCE_NAMES = {
    "norvig_easy50.txt": "Peter Norvig's 50 easy puzzles",
    "norvig_top95.txt": "the classic top 95 hard puzzles",
    "norvig_sudoku10k.txt": "a set of 10,000 puzzles of mixed difficulty",
    "magictour_top1465.txt": "the classic top 1465 hard puzzles",
    "forum_hardest_1106.txt": "the Sudoku forum's hardest puzzles of 2011",
    "royle_17clue.txt": "Gordon Royle's puzzles with 17 givens",
    "kaggle_sample.txt": "a sample of generated everyday puzzles",
    "se_rated_calibration.tsv": "a set of puzzles Sudoku Explainer has rated",
}


def source_text(source: str) -> str:
    """'royle_17clue.txt, line 1235' as a reader would say it: 'puzzle 1235 of Gordon Royle's
    puzzles with 17 givens' (a .tsv file's first line is its header; a file without a name
    here is left as it is)."""
    file, _, line = source.partition(", line ")
    name = SOURCE_NAMES.get(file)
    if not (name and line.isdigit()):
        return source
    header = 1 if file.endswith(".tsv") else 0
    return f"puzzle {int(line) - header} of {name}"


@bp.get("/techniques")
def library() -> Response:
    """Every technique, grouped by the level it belongs to, easiest first."""
    groups: dict[str, list[TechniqueEntry]] = {name: [] for name in LEVEL_NAMES}
    for entry in library_order():
        groups[entry.level].append(entry)
    response = make_response(render_template("learn_library.html", groups=groups))
    return _cached(response, noindex=False)


@lru_cache(maxsize=128)
def _example(name: str) -> tuple[Moment, str, str, int, bool] | None:
    """A technique's worked example: (moment, source, puzzle code, step, whether the step is
    the solve's own), remembered."""
    found = engine().run(worked_example, name)
    if found is None:
        return None
    code = encode_cells(decode_cells(found.source.puzzle, "the example's puzzle"))
    return found.moment, found.source.source, code, found.source.step, found.easiest


@bp.get("/techniques/<slug>")
def technique(slug: str) -> Response:
    """One technique: what it is, how to spot it, a worked example, a puzzle to practise."""
    entry = _entry(slug)
    listed = library_order()
    at = listed.index(entry)
    context: dict[str, object] = {
        "entry": entry,
        "previous": listed[at - 1] if at else None,
        "following": listed[at + 1] if at + 1 < len(listed) else None,
        "can_practise": _can_practise(entry),
        "way_out": entry.name == "Solution lookup",
    }
    example = _example(entry.name)
    if example:
        moment, source, code, number, easiest = example
        source = source_text(source)
        context.update(
            moment=moment,
            squares=squares(decode_cells(code, "the example's puzzle"), moment),
            move=move_text(moment.step),
            where=where(moment.step),
            source=source,
            example_path=path_url(code, number),
            number=number,
            easiest=easiest,
        )
    response = make_response(render_template("learn_technique.html", **context))
    return _cached(response, noindex=False)


def _can_practise(entry: TechniqueEntry) -> bool:
    """A practise puzzle is one whose grade names the technique: not the way out, nor a
    technique the grader leaves out (hints only). The button is offered where known seeds
    make one (techniques/examples.py), so it never fails; a technique too rare as a
    generated puzzle's hardest step has none."""
    return entry.graded and entry.name != "Solution lookup" and bool(entry.practise_seeds)


def _practised(slug: str) -> TechniqueEntry:
    """The entry of a practise link, or a 400 saying why it has no practise puzzles."""
    entry = _entry(slug)
    if entry.name == "Solution lookup":
        raise StateError("the solution lookup is not something to practise")
    if not entry.graded:
        raise StateError(
            f"{entry.name} is not something to practise: the grade follows Sudoku Explainer, "
            "which does not use it, so no generated puzzle is graded by it",
            fallback=url_for("learn.technique", slug=entry.slug),
            offer=f"Back to {entry.name}",
        )
    return entry


def practise_url(entry: TechniqueEntry, seed: int) -> str:
    return url_for("learn.practise_seed", slug=entry.slug, seed=seed)


@bp.get("/techniques/<slug>/practise")
@limits.costly("new")
def practise_fresh(slug: str) -> Response:
    """A new practise puzzle: from a fresh seed if one of a few makes it, else a known seed."""
    entry = _practised(slug)
    try:
        made = engine("slow").run(practise, entry.name, new_seed(), max_attempts=FRESH_ATTEMPTS)
        seed = made.seed
        page_rating.remember(made.puzzle, made.grade)
    except NotFound:
        if not entry.practise_seeds:
            raise StateError(
                f"no practise puzzle for {entry.name} was found this time: it is rare in "
                "generated puzzles; try again, or study the worked example",
                fallback=url_for("learn.technique", slug=entry.slug),
                offer=f"Back to {entry.name}",
            ) from None
        seed = random.choice(entry.practise_seeds)
    response = redirect(practise_url(entry, seed), 303)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/techniques/<slug>/practise/<int:seed>")
@limits.costly("new")
def practise_seed(slug: str, seed: int) -> Response:
    """The practise puzzle a seed makes (the same on every machine)."""
    entry = _practised(slug)
    if seed >= SEED_LIMIT:
        raise StateError(f"the seed is {seed}; seeds go from 0 to {SEED_LIMIT - 1}")
    try:
        made = engine("slow").run(practise, entry.name, seed, max_attempts=SEED_ATTEMPTS)
    except NotFound:
        raise StateError(
            f"no {entry.name} puzzle comes from the seeds {seed} to {seed + SEED_ATTEMPTS - 1}",
            fallback=url_for("learn.practise_fresh", slug=entry.slug),
            offer=f"A fresh {entry.name} puzzle",
        ) from None
    if made.seed != seed:
        return redirect(practise_url(entry, made.seed), 301)
    page_rating.remember(made.puzzle, made.grade)
    code = encode_cells(made.puzzle)
    walk = solved(made.puzzle).walk  # also ready for "Show me how to solve it"
    context = {
        "entry": entry,
        "made": made,
        "code": code,
        "squares": squares(made.puzzle, None),
        "game_url": _game_url(made.puzzle),
        "step_url": _game_before(walk, entry.name) if walk else None,
        "path_url": path_url(code),
        "givens": sum(1 for d in made.puzzle if d),
        "source": source_text(made.source),  # "" for a generated puzzle
    }
    return _cached(make_response(render_template("learn_practise.html", **context)))


def _game_before(walk: Walkthrough, technique: str) -> str | None:
    """The game at the solve path's first step of the library's `technique` (None if that is
    its first step): the digits placed before it as the player's entries and every candidate
    left noted, so that step is the next to find."""
    for k, moment in enumerate(walk.moments):
        found = technique_for(moment.step.technique, moment.step.rating)
        if found is not None and found.name == technique:
            if k == 0:
                return None  # the first step: nothing to skip
            entries = tuple(0 if g else d for g, d in zip(walk.puzzle, moment.grid, strict=True))
            return GameState(walk.puzzle, entries=entries, notes=moment.cands).url
    return None


# --- the review of a game --------------------------------------------------------------


def game_moves(entries: Grid, history: Sequence[Move]) -> tuple[Grid, list[GameMove]]:
    """The entries before the first move kept in the history, and the moves forward from
    there, rebuilt from the final entries by undoing the history (notes count as empty)."""
    start, moves, _ = _game_moves(entries, history)
    return start, moves


def _game_moves(
    entries: Grid, history: Sequence[Move]
) -> tuple[Grid, list[GameMove], dict[int, tuple[int, ...]]]:
    """game_moves, and for each hint that changed notes only, the cells it changed, by the
    move's number from 1 (its GameMove names the first of them alone)."""
    digits = list(entries)
    forward: list[list[GameMove]] = []
    noted: list[tuple[int, ...] | None] = []
    for changes, hinted in reversed(history):
        made: list[GameMove] = []
        for cell, before in reversed(changes):
            was = before if before <= 9 else 0
            if was != digits[cell]:
                made.append(GameMove(cell, digits[cell], hinted))
            digits[cell] = was
        cells = None
        if hinted and not made and changes:
            cell = changes[0][0]
            made.append(GameMove(cell, digits[cell], True))
            cells = tuple(sorted({c for c, _ in changes}))
        forward.append(made[::-1])
        noted.append(cells)
    moves: list[GameMove] = []
    changed: dict[int, tuple[int, ...]] = {}
    for made, cells in zip(reversed(forward), reversed(noted), strict=True):
        moves += made
        if cells is not None:
            changed[len(moves)] = cells
    return tuple(digits), moves, changed


@bp.get("/review/<version>/<puzzle>")
@limits.costly("engine")
def game_review(version: str, puzzle: str) -> Response:
    """A game looked back on, from the game's own URL state (its puzzle, entries and history;
    at= picks the point shown)."""
    args = request.args.to_dict(flat=False)
    at = single(args, "at")
    args.pop("at", None)
    state = from_url(version, puzzle, args)
    grid, entries = state.puzzle, state.entries
    start, moves, changed = _game_moves(entries, state.history)
    looked = engine().run(review, grid, moves, start=start)
    count = max(len(looked.points), 1)
    number = _read_number(at, "the point (at=)", count)
    point = looked.points[number - 1] if looked.points else None
    base = review_url(state.url)
    base += "&" if "?" in base else "?"
    context: dict[str, object] = {
        "code": encode_cells(grid),
        "puzzle": grid,
        "review": looked,
        "asked": state.hints,
        "point": point,
        "number": number,
        "started": any(start),
        "game_url": _game_url(grid),
        "points": [
            (p, point_title(p, changed.get(p.number, ())), f"{base}at={n}")
            for n, p in enumerate(looked.points, 1)
        ],
        "links": stepper(
            number, len(looked.points), lambda n: f"{base}at={n}#review-stage", "review"
        ),
    }
    if point is not None:
        context["squares"] = squares(
            grid,
            point.seen,
            shown=point.grid,
            played=point.move.cell,
            wrong=point.wrong_cells,
        )
        if point.seen:
            context.update(move=move_text(point.seen.step), where=where(point.seen.step))
    else:
        context["squares"] = squares(grid, None, shown=_final(grid, entries))
    return _cached(make_response(render_template("learn_review.html", **context)))


def point_title(point: Point, changed: Sequence[int] = ()) -> str:
    """What happened at a point: 'you wrote 5 in r4c6', 'a hint placed 7 in r2c2', 'a hint
    changed r7c8 and r7c9' (`changed`: every cell a hint changed the notes of)."""
    move, name = point.move, cell_name(point.move.cell)
    if move.hint:
        if move.digit:
            return f"a hint placed {move.digit} in {name}"
        cells = [cell_name(c) for c in sorted(changed)] or [name]
        return f"a hint changed {listed(cells)}"
    return f"you wrote {move.digit} in {name}"


def _final(puzzle: Grid, entries: Grid) -> Grid:
    return tuple(g or e for g, e in zip(puzzle, entries, strict=True))


def review_url(state_url: str) -> str:
    """The review of the game at a state URL ('/p/v1/...' -> '/review/v1/...')."""
    return "/review/" + state_url.removeprefix("/p/")


__all__ = ["Review", "bp", "review_url", "squares"]
