"""Thin routes: request (URL or form) -> GameState -> the button's action -> page or fragment.

A plain request gets a full page; an htmx request (HX-Request header) gets the same partial the
page includes, plus HX-Replace-Url / HX-Push-Url so the address bar always holds the state.
Form posts without JavaScript are answered 303 See Other to the state URL (post/redirect/get).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from urllib.parse import parse_qsl, urlsplit

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
)
from werkzeug.datastructures import MultiDict
from werkzeug.routing import BaseConverter
from werkzeug.wrappers import Response as BaseResponse

from . import hint_panel, limits, page_rating, play, present, seedcheck
from .enginepool import current as engine
from .htmx import is_htmx
from .origin import origin
from .seedpool import KNOWN_SEEDS
from .sudoku import (
    LEVEL_NAMES,
    SEED_LIMIT,
    Generated,
    NotFound,
    PuzzleFormatError,
    level_name,
    new_seed,
    parse,
)
from .urlstate import (
    HINT_LEVELS,
    GameState,
    Mode,
    StateError,
    decode_cells,
    from_form,
    from_path,
    from_url,
    read_names,
    single,
)

bp = Blueprint("sudoku", __name__)

NEW_LINKS = tuple((name, f"/new/{name.lower()}") for name in LEVEL_NAMES)
MAX_URL = 4096  # characters in a request's path and query; a state URL we make is under 2,000
SEED_ATTEMPTS = 100  # seeds a seed link may try (a link we made hits at the first)
NEW_ATTEMPTS = 20  # fresh seeds /new/<level> tries when its pool is empty (~0.2 s), then
# it takes one of seedpool.KNOWN_SEEDS (one attempt): Extreme needs ~130 fresh seeds on average


@dataclass(frozen=True)
class Paste:
    """The paste box: text to show back and an error about it."""

    text: str = ""
    error: str = ""


def render_game(
    state: GameState,
    *,
    bad: dict[int, str] | None = None,
    paste: Paste | None = None,
    problem: play.Problem | None = None,
    code: int = 200,
    url_header: str | None = None,
    slim: bool = False,
) -> Response:
    """The game for `state`: the full page, or for htmx the game fragment (+ URL header).
    `problem` says why typed-in givens did not start a game; `slim` leaves out of a fragment
    the parts an edit cannot change (the page keeps its own: hx-preserve)."""
    panel = None
    if state.hint and state.mode is Mode.PLAY:
        panel = hint_panel.panel(state, hint_panel.found_for(state, engine()))
    # Showing the solution or marking wrong entries solves the puzzle: the engine's work, once
    # per puzzle (the worker remembers what it found). The board itself is quick work.
    if state.solve or state.checked or state.mistakes:
        play.solve_in(engine(), state.puzzle)
    board = present.build(state, bad, panel, problem)
    rating = None
    if state.mode is Mode.PLAY:  # if not ready at once, the page loads it afterwards
        rating = page_rating.known(state.puzzle)  # a fragment (an edit) never waits for one
        if rating is None and not is_htmx() and limits.spend("grade"):
            wait = current_app.config["RATING_WAIT"]
            rating = page_rating.rate_soon(state.puzzle, engine("slow"), wait)
    host = origin()
    context = {
        "board": board,
        "puzzle_code": state.puzzle_code,
        "share_url": host + state.share_url,
        "challenge_url": host + state.challenge_url,
        "seed_url": host + "/new/" + state.origin.replace("-", "/") if state.origin else "",
        "daily": daily_day(state.origin),
        "shown_at": int(time.time()),
        "slim": slim and is_htmx(),
        "rating": rating,
        "paste": paste or Paste(),
        "new_links": NEW_LINKS,
    }
    if is_htmx():
        body = render_template("partials/game.html", **context)
        if not slim and state.mode is Mode.PLAY:  # maybe another puzzle: htmx retitles the tab
            body = f"<title>{render_template('partials/game_title.html', **context)}</title>{body}"
        response = make_response(body, code)
        if url_header:
            response.headers[url_header] = state.url
    else:
        response = make_response(render_template("game.html", **context), code)
    if state.url != "/":
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _legacy_state() -> GameState | None:
    """A puzzle given SudokuWiki-style (?bd=) or SudokuExchange-style (?s=), if any."""
    for key in ("bd", "s"):
        value = single(request.args.to_dict(flat=False), key)
        if value is None:
            continue
        try:
            return GameState(parse(value))
        except PuzzleFormatError as err:
            raise StateError(f"the puzzle in {key}= can't be read: {err}") from None
    return None


@bp.before_request
def refuse_long_urls() -> None:
    """A game link far longer than any we make gets the site's 414 page, not a server's bare
    one (the server lets lines of up to 8 KB through: see webapp/__main__.py)."""
    length = len(request.full_path)
    if length > MAX_URL:
        abort(
            414,
            f"This link is {length:,} characters long; a Sudoku link from this site is never "
            f"longer than {MAX_URL:,}. It may have been pasted twice or cut badly.",
        )


@bp.get("/")
def home() -> BaseResponse:
    """A fresh grid in enter mode; a ?bd= or ?s= puzzle is redirected to its own URL."""
    if legacy := _legacy_state():
        return redirect(legacy.url, 301)
    return render_game(GameState(mode=Mode.ENTER))


@bp.get("/play")
@bp.get("/play/")
def play_legacy() -> BaseResponse:
    """SudokuExchange-style /play/?s=<puzzle>."""
    legacy = _legacy_state()
    return redirect(legacy.url if legacy else "/", 301)


def _seed_checked(state: GameState) -> GameState:
    """The state without a seed (g=) that does not make its puzzle: no false seed link."""
    if not state.origin:
        return state
    slow = engine("slow")  # one attempt of the generator: up to a second for Extreme
    allowed = seedcheck.made_by(state.origin, slow, allowed=False) is not None or (
        limits.spend("new")
    )
    return seedcheck.checked(state, slow, allowed)


def _shows_engine_work(args: MultiDict[str, str]) -> bool:
    """A state's query that shows a hint or the solution: the engine works them out."""
    return args.get("hint", "") not in ("", "0") or args.get("solve") == "1"


def _costly_url() -> bool:
    """The state in the URL makes the engine work."""
    return _shows_engine_work(request.args)


def _costly_form() -> bool:
    """The posted form makes the engine work: it asks for a hint or the solution, or the state
    it was posted from shows one (worked out again for the grid as typed)."""
    form = request.form
    if set(form.getlist("action")) & ENGINE_ACTIONS:
        return True
    shown = form.get("state", "")
    return ("hint=" in shown or "solve=" in shown) and _shows_engine_work(
        MultiDict(parse_qsl(urlsplit(shown).query))
    )


@bp.get("/p/<version>/<puzzle>")
@limits.costly("engine", when=_costly_url)
def state_page(version: str, puzzle: str) -> BaseResponse:
    """The page for a state URL; any other spelling of the same state redirects to the canonical."""
    state = _seed_checked(from_url(version, puzzle, request.args.to_dict(flat=False)))
    query = request.query_string.decode("latin-1")
    if request.path + ("?" + query if query else "") != state.url:
        return redirect(state.url, 301)
    return render_game(state)


class PlainPuzzle(BaseConverter):
    """A path segment that looks like a bare puzzle: 17 or more digits and dots (or '-' or
    '_' for empty cells, as other sites write them)."""

    regex = r"[0-9._-]{17,}"


CONVERTERS = {"plain": PlainPuzzle}  # the app registers these before the blueprint


@bp.get("/<plain:plain>")
def plain_puzzle(plain: str) -> BaseResponse:
    """A bare 81-character puzzle after the slash (digits, '.' or '0' for empty)."""
    try:
        grid = parse(plain)
    except PuzzleFormatError as err:
        raise StateError(f"the puzzle in the address can't be read: {err}") from None
    return redirect(GameState(grid).url, 301)


# The browser's Back and Forward go from puzzle to puzzle, not from move to move (the game has
# its own Undo and Redo): a new puzzle (pasted, or typed in and started) or a switch between
# typing givens and playing gets a history entry; every other change replaces the current one.
PUSH = "HX-Push-Url"  # the address bar gets a new history entry
REPLACE = "HX-Replace-Url"  # the address bar changes in place


@dataclass(frozen=True)
class Action:
    """A button of the grid form: the state it makes, and how the address bar follows."""

    make: Callable[[GameState], GameState]
    url_header: str  # PUSH or REPLACE
    play_only: bool = False  # the hint buttons, which only play mode has
    engine: bool = False  # `make` solves the puzzle: run in the engine


def _apply_hint(state: GameState) -> GameState:
    """Make the hint's move (the hint shown: remembered, else found by the engine)."""
    found = hint_panel.found_for(state, engine())
    return play.record(state, hint_panel.apply(state, found), hint=True)


def _pick_digit(digit: int) -> Callable[[GameState], GameState]:
    """The pad without JavaScript: a digit highlights itself everywhere (again: off)."""
    return lambda s: replace(s, digit=0 if s.digit == digit else digit)


ACTIONS = {  # the form's `action` -> what it does (no action: "update")
    "update": Action(lambda s: replace(s, hint=0) if s.hint else s, REPLACE),
    "solve": Action(lambda s: replace(s, solve=True, hint=0), REPLACE),
    "hide": Action(lambda s: replace(s, solve=False), REPLACE),
    "play": Action(play.start, PUSH, engine=True),  # after play.start_problem found nothing wrong
    "play-anyway": Action(play.start, PUSH, engine=True),
    "enter": Action(play.edit_givens, PUSH),
    "clear": Action(play.clear, REPLACE),
    "undo": Action(play.undo, REPLACE, play_only=True),
    "redo": Action(play.redo, REPLACE, play_only=True),
    "rewind": Action(play.rewind, REPLACE, play_only=True, engine=True),
    "check": Action(play.check, REPLACE, play_only=True, engine=True),
    "fill": Action(play.fill_candidates, REPLACE, play_only=True),
    "notes": Action(lambda s: replace(s, notes_mode=not s.notes_mode), REPLACE, play_only=True),
    "pause": Action(lambda s: replace(s, paused=True, hint=0), REPLACE, play_only=True),
    "resume": Action(lambda s: replace(s, paused=False), REPLACE, play_only=True),
    "hint": Action(lambda s: replace(s, hint=1, hints=s.hints + 1), REPLACE, play_only=True),
    "hint-any": Action(  # the easiest step anywhere, not the selected cell's lead
        lambda s: replace(s, cell=None, hint=1, hints=s.hints + 1), REPLACE, play_only=True
    ),
    "hint-more": Action(
        lambda s: replace(s, hint=min(s.hint + 1, HINT_LEVELS)), REPLACE, play_only=True
    ),
    "hint-close": Action(lambda s: replace(s, hint=0), REPLACE, play_only=True),
    "hint-apply": Action(_apply_hint, REPLACE, play_only=True),
    "hint-fill": Action(  # the hint stays open: its step can now be made
        lambda s: replace(play.fill_candidates(s), hint=s.hint), REPLACE, play_only=True
    ),
    **{f"digit-{d}": Action(_pick_digit(d), REPLACE, play_only=True) for d in range(1, 10)},
}


ENGINE_ACTIONS = {name for name, action in ACTIONS.items() if action.engine} | {
    "solve",
    "hint",
    "hint-any",
    "hint-more",
    "hint-apply",
    "hint-fill",
}


REPEATABLE = ("undo", "redo", "hint-more")  # a slow network's taps on these add up (app.js)
MOST_TIMES = 50  # taps one post may stand for (app.js counts no further)


def _times(name: str) -> int:
    """How many taps of the button `name` the post stands for: `times`, which the page sends
    when the same button was tapped again before the answer came (1 without it)."""
    values = request.form.getlist("times")
    if not values:
        return 1
    if name not in REPEATABLE:
        raise StateError(f"times goes with Undo, Redo or More, not with {name[:20]!r}")
    if len(values) > 1:
        raise StateError("the form gives times more than once")
    text = values[0]
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= MOST_TIMES):
        raise StateError(f"times must be a whole number from 1 to {MOST_TIMES}, not {text[:20]!r}")
    return int(text)


@bp.post("/edit")
@limits.costly("engine", when=_costly_form)
def edit() -> BaseResponse:
    """Every change to the grid and every button under it posts here. Each cell typed into
    since the page was made is a move in the undo history; the button's action comes after
    them (`times` times for Undo, Redo or More tapped again before the answer came)."""
    posted = from_form(request.form.to_dict(flat=False))
    posted = replace(posted, state=_seed_checked(posted.state))
    actions = request.form.getlist("action")
    if len(actions) > 1:
        raise StateError("the form names more than one action")
    name = actions[0] if actions else "update"
    action = ACTIONS.get(name)
    if action is None:
        raise StateError(f"the form asks for {name[:20]!r}, which is not an action")
    times = _times(name)
    if posted.bad:
        return render_game(posted.state, bad=posted.bad, code=422)
    if action.play_only and posted.state.mode is not Mode.PLAY:
        raise StateError(f"{name!r} works in play mode; press Start playing first")
    state = play.typed(posted.previous, posted.state, posted.order)
    state = play.advance_clock(posted.previous, state, posted.shown_at, int(time.time()))
    if name == "play" and (problem := engine().run(play.start_problem, state.puzzle)):
        return render_game(state, problem=problem, code=422, url_header=REPLACE)
    if action.engine:
        state = engine().run(action.make, state)
    elif name == "hint-more" and (hinted := request.form.get("hinted")):
        state = _more_of(from_path(hinted), state)
    else:
        for _ in range(times):
            state = action.make(state)
    if not is_htmx():
        return redirect(state.url, 303)
    before = posted.previous
    same = (before.puzzle, before.mode, before.solve) == (state.puzzle, state.mode, state.solve)
    return render_game(state, url_header=action.url_header, slim=same)


def _more_of(read: GameState, state: GameState) -> GameState:
    """Show more for a hint that typing closed before the tap was posted (app.js then posts
    `hinted`, the state whose hint the player read): the level after the one read if the grid
    as typed has the same step, else the new hint's first level (the next level of another
    step would skip where to look)."""
    seen = read.puzzle == state.puzzle and read.hint > 0
    before = hint_panel.found_for(read, engine()).step if seen else None
    same = before is not None and before == hint_panel.found_for(state, engine()).step
    return replace(state, hint=min(read.hint + 1, HINT_LEVELS) if same else 1)


@bp.post("/load")
def load() -> BaseResponse:
    """The paste box: read any format the engine reads and open the puzzle in play; givens
    that clash, or do not have exactly one solution, open for editing with what is wrong and
    the offer to play anyway (as typed-in givens do)."""
    text = request.form.get("text", "")
    try:
        grid = parse(text)
    except PuzzleFormatError as err:
        paste = Paste(text, f"That puzzle can't be read: {err}.")
        if is_htmx():
            fragment = render_template("partials/paste.html", paste=paste)
            return make_response(fragment, 422)
        return render_game(GameState(mode=Mode.ENTER), paste=paste, code=422)
    problem = engine().run(play.start_problem, grid)
    state = GameState(grid, mode=Mode.ENTER if problem else Mode.PLAY)
    code = 422 if problem else 200
    if not is_htmx():
        if problem:
            return render_game(state, problem=problem, code=code)
        return redirect(state.url, 303)
    response = render_game(state, problem=problem, code=code, url_header=PUSH)
    response.headers["HX-Retarget"] = "#game"
    response.headers["HX-Reswap"] = "innerHTML"
    return response


def _generated(made: Generated, names: str = "") -> BaseResponse:
    """Open a generated puzzle at its own URL, which names its level and seed (and how its
    digits are renamed, with `names`)."""
    puzzle, origin = seedcheck.remember(made, names)
    page_rating.remember(puzzle, made.grade)
    return redirect(GameState(puzzle, origin=origin).url, 303)


def _level(level: str) -> str:
    try:
        return level_name(level)
    except ValueError as err:
        raise StateError(str(err)) from None


@bp.get("/new/<level>")
@limits.costly("new")
def new_puzzle(level: str) -> BaseResponse:
    """A new puzzle at a level: from the warm pool; when none is ready, a renamed copy of the
    level's puzzle made last (instant, and never a queue of generating under a burst); when
    none was made yet, made now within a budget: NEW_ATTEMPTS fresh seeds, then one of the
    known seeds (a single attempt)."""
    name = _level(level)
    pool = current_app.extensions.get("seedpool")
    made = pool.ready(name) if pool else None
    if made is None and pool and (recent := pool.recent(name)):
        return _generated(recent, seedcheck.random_names())
    tries = ((new_seed(), NEW_ATTEMPTS), (secrets.choice(KNOWN_SEEDS[name]), 1))
    for seed, attempts in tries if made is None else ():
        try:
            made = engine("slow").run(page_rating.generated, name, seed, attempts)
            break
        except NotFound:
            continue
    if made is None:
        raise NoPuzzleYet(name)
    return _generated(made)


class NoPuzzleYet(Exception):
    """No puzzle at this level was ready and none came within the budget."""

    def __init__(self, level: str) -> None:
        super().__init__(level)
        self.level = level


@bp.app_errorhandler(NoPuzzleYet)
def no_puzzle_yet(error: NoPuzzleYet) -> BaseResponse:
    """503 with what happened and what to do: the pool is being refilled."""
    from .errors import error_page

    name = error.level
    message = (
        f"No {name} puzzle is ready just now: the generator gave up within its budget. "
        "It is making more; try again in a few seconds."
    )
    response = error_page(503, message, f"/new/{name.lower()}", "Try again")
    response.headers["Retry-After"] = "5"
    return response


@bp.get("/new/<level>/<int:seed>")
@bp.get("/new/<level>/<int:seed>/<names>")
@limits.costly("new")
def seeded_puzzle(level: str, seed: int, names: str = "") -> BaseResponse:
    """The puzzle a level and seed make (with its digits renamed by `names`, a permutation
    of 123456789): the same on every machine."""
    name = _level(level)
    new = {"fallback": f"/new/{name.lower()}", "offer": f"A new {name} puzzle"}
    if seed >= SEED_LIMIT:
        raise StateError(f"the seed is {seed}; seeds go from 0 to {SEED_LIMIT - 1}", **new)
    try:
        names = read_names(names, "in the link")
    except StateError as err:
        plain = f"/new/{name.lower()}/{seed}"
        raise StateError(err.message, plain, f"The puzzle of seed {seed}") from None
    try:
        made = engine("slow").run(page_rating.generated, name, seed, SEED_ATTEMPTS)
    except NotFound:
        raise StateError(
            f"no {name} puzzle comes from the seeds {seed} to {seed + SEED_ATTEMPTS - 1}; "
            f"ask for a new {name} puzzle instead",
            **new,
        ) from None
    return _generated(made, names)


DAILY_LEVELS = ("Easy", "Medium", "Medium", "Hard", "Hard", "Expert", "Expert")  # Monday first


def daily_puzzle(day: date) -> tuple[str, int]:
    """The day's puzzle: its level (by weekday, easiest on Monday) and the first seed to try
    (days a thousand seeds apart, so no two days can make the same puzzle)."""
    return DAILY_LEVELS[day.weekday()], day.toordinal() * 1000 % SEED_LIMIT


def daily_day(origin: str) -> date | None:
    """The day whose puzzle a generated puzzle's origin ("<level>-<seed>") made, if any: a
    seed link /daily can open (its first seed's day and level, within SEED_ATTEMPTS)."""
    level, _, seed = origin.partition("-")
    if not seed.isdigit() or not 1 <= int(seed) // 1000 <= date.max.toordinal():
        return None  # not a plain seed (a renamed copy ends "-<names>"), or one of no day
    day = date.fromordinal(int(seed) // 1000)
    name, first = daily_puzzle(day)
    fits = first <= int(seed) < first + SEED_ATTEMPTS
    return day if fits and name.lower() == level else None


@bp.get("/daily")
@limits.costly("new")
def daily() -> BaseResponse:
    """Today's puzzle (by the date in UTC): the same for everyone all day, opened at its seed
    link; a day whose seeds make none (in theory) takes one of the level's known seeds."""
    day = datetime.now(UTC).date()
    name, seed = daily_puzzle(day)
    known = KNOWN_SEEDS[name][day.toordinal() % len(KNOWN_SEEDS[name])]
    for first, attempts in ((seed, SEED_ATTEMPTS), (known, 1)):
        try:
            made = engine("slow").run(page_rating.generated, name, first, attempts)
            break
        except NotFound:
            continue
    else:
        raise NoPuzzleYet(name)
    response = _generated(made)
    response.headers["Cache-Control"] = "no-store"  # tomorrow it is another puzzle
    return response


def _rating_known() -> bool:
    """The puzzle whose rating is asked for is rated already (so asking costs nothing)."""
    try:
        puzzle = decode_cells(str((request.view_args or {})["code"]), "the puzzle")
    except (KeyError, StateError):
        return False
    return page_rating.known(puzzle) is not None


@bp.get("/difficulty/<code>")
@limits.costly("grade", when=lambda: not _rating_known())
def rating(code: str) -> Response:
    """The difficulty line of a puzzle (htmx loads it when a page did not have it)."""
    puzzle = decode_cells(code, "the puzzle")
    context = {"rating": page_rating.rate(puzzle, engine("slow")), "puzzle_code": code}
    response = make_response(render_template("partials/difficulty.html", **context))
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


@bp.get("/robots.txt")
def robots() -> Response:
    """Crawlers may see the home page, not the endless state URLs."""
    lines = [
        "User-agent: *",
        "Disallow: /p/",
        "Disallow: /play",
        "Disallow: /edit",
        "Disallow: /load",
        "Disallow: /new/",
        "Disallow: /difficulty/",
        "Disallow: /lab/",
        "Disallow: /api/",
        "Disallow: /path/",
        "Disallow: /review/",
        "Disallow: /techniques/*/practise",
        "Disallow: /*?",
        "Allow: /$",
        "Allow: /lab$",
        "Allow: /techniques",
    ]
    return Response("\n".join(lines) + "\n", mimetype="text/plain")
