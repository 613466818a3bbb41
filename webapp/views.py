"""Thin routes: request (URL or form) -> GameState -> the button's action -> page or fragment.

A plain request gets a full page; an htmx request (HX-Request header) gets the same partial the
page includes, plus HX-Replace-Url / HX-Push-Url so the address bar always holds the state.
Form posts without JavaScript are answered 303 See Other to the state URL (post/redirect/get).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from flask import (
    Blueprint,
    Response,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
)
from werkzeug.routing import BaseConverter
from werkzeug.wrappers import Response as BaseResponse

from . import hint_panel, page_rating, present
from .htmx import is_htmx
from .sudoku import (
    LEVEL_NAMES,
    SEED_LIMIT,
    Generated,
    NotFound,
    PuzzleFormatError,
    generate,
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
    encode_cells,
    from_form,
    from_url,
)

bp = Blueprint("sudoku", __name__)

NEW_LINKS = tuple((name, f"/new/{name.lower()}") for name in LEVEL_NAMES)
SEED_ATTEMPTS = 100  # seeds a seed link may try (a link we made hits at the first)


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
    code: int = 200,
    url_header: str | None = None,
) -> Response:
    """The game for `state`: the full page, or for htmx the game fragment (+ URL header)."""
    panel = None
    if state.hint and state.mode is Mode.PLAY:
        panel = hint_panel.panel(state, hint_panel.for_state(state))
    board = present.build(state, bad, panel)
    rating = None
    if state.mode is Mode.PLAY:  # a fragment shows it only if known: grading can take a while
        rating = page_rating.known(state.puzzle) if is_htmx() else page_rating.rate(state.puzzle)
    host = request.host_url.rstrip("/")
    context = {
        "board": board,
        "puzzle_code": encode_cells(state.puzzle),
        "share_url": host + state.url,
        "seed_url": host + "/new/" + state.origin.replace("-", "/") if state.origin else "",
        "rating": rating,
        "paste": paste or Paste(),
        "new_links": NEW_LINKS,
    }
    if is_htmx():
        response = make_response(render_template("partials/game_response.html", **context), code)
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
        values = request.args.getlist(key)
        if not values:
            continue
        if len(values) > 1:
            raise StateError(f"{key}= appears {len(values)} times in the link; give it once")
        try:
            return GameState(parse(values[0]))
        except PuzzleFormatError as err:
            raise StateError(f"the puzzle in {key}= can't be read: {err}") from None
    return None


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


@bp.get("/p/<version>/<puzzle>")
def state_page(version: str, puzzle: str) -> BaseResponse:
    """The page for a state URL; any other spelling of the same state redirects to the canonical."""
    state = from_url(version, puzzle, request.args.to_dict(flat=False))
    query = request.query_string.decode("latin-1")
    if request.path + ("?" + query if query else "") != state.url:
        return redirect(state.url, 301)
    return render_game(state)


class PlainPuzzle(BaseConverter):
    """A path segment that looks like a bare puzzle: digits and dots, 17 or more of them."""

    regex = r"[0-9.]{17,}"


CONVERTERS = {"plain": PlainPuzzle}  # the app registers these before the blueprint


@bp.get("/<plain:plain>")
def plain_puzzle(plain: str) -> BaseResponse:
    """A bare 81-character puzzle after the slash (digits, '.' or '0' for empty)."""
    try:
        grid = parse(plain)
    except PuzzleFormatError as err:
        raise StateError(f"the puzzle in the address can't be read: {err}") from None
    return redirect(GameState(grid).url, 301)


PUSH = "HX-Push-Url"  # the address bar gets a new history entry
REPLACE = "HX-Replace-Url"  # the address bar changes in place


@dataclass(frozen=True)
class Action:
    """A button of the grid form: the state it makes, and how the address bar follows."""

    make: Callable[[GameState], GameState]
    url_header: str  # PUSH or REPLACE
    play_only: bool = False  # the hint buttons, which only play mode has


def _apply_hint(state: GameState) -> GameState:
    return hint_panel.apply(state, hint_panel.for_state(state))


def _clear(state: GameState) -> GameState:
    """Play: the puzzle without the player's entries and notes. Enter: an empty grid."""
    if state.mode is Mode.PLAY:
        return GameState(state.puzzle, origin=state.origin)
    return GameState(mode=Mode.ENTER)


ACTIONS = {  # the form's `action` -> what it does (no action: "update")
    "update": Action(lambda s: replace(s, hint=0), REPLACE),
    "solve": Action(lambda s: replace(s, solve=True), PUSH),
    "hide": Action(lambda s: replace(s, solve=False), PUSH),
    "play": Action(lambda s: GameState(s.puzzle, origin=s.origin), PUSH),
    "enter": Action(lambda s: GameState(s.puzzle, mode=Mode.ENTER), PUSH),
    "clear": Action(_clear, PUSH),
    "hint": Action(lambda s: replace(s, hint=1), REPLACE, play_only=True),
    "hint-more": Action(
        lambda s: replace(s, hint=min(s.hint + 1, HINT_LEVELS)), REPLACE, play_only=True
    ),
    "hint-close": Action(lambda s: replace(s, hint=0), REPLACE, play_only=True),
    "hint-apply": Action(_apply_hint, PUSH, play_only=True),
}


@bp.post("/edit")
def edit() -> BaseResponse:
    """Every change to the grid and every button under it posts here."""
    posted = from_form(request.form.to_dict(flat=False))
    actions = request.form.getlist("action")
    if len(actions) > 1:
        raise StateError("the form names more than one action")
    name = actions[0] if actions else "update"
    action = ACTIONS.get(name)
    if action is None:
        raise StateError(f"the form asks for {name[:20]!r}, which is not an action")
    if posted.bad:
        return render_game(posted.state, bad=posted.bad, code=422)
    if action.play_only and posted.state.mode is not Mode.PLAY:
        raise StateError("hints are given in play mode; press Start playing first")
    state = action.make(posted.state)
    if not is_htmx():
        return redirect(state.url, 303)
    return render_game(state, url_header=action.url_header)


@bp.post("/load")
def load() -> BaseResponse:
    """The paste box: read any format the engine reads and open the puzzle in play."""
    text = request.form.get("text", "")
    try:
        grid = parse(text)
    except PuzzleFormatError as err:
        paste = Paste(text, f"That puzzle can't be read: {err}.")
        if is_htmx():
            fragment = render_template("partials/paste.html", paste=paste)
            return make_response(fragment, 422)
        return render_game(GameState(mode=Mode.ENTER), paste=paste, code=422)
    state = GameState(grid)
    if not is_htmx():
        return redirect(state.url, 303)
    response = render_game(state, url_header=PUSH)
    response.headers["HX-Retarget"] = "#game"
    response.headers["HX-Reswap"] = "innerHTML"
    return response


def _generated(made: Generated) -> BaseResponse:
    """Open a generated puzzle at its own URL, which names its level and seed."""
    page_rating.remember(made.puzzle, made.grade)
    state = GameState(made.puzzle, origin=f"{made.level.lower()}-{made.seed}")
    return redirect(state.url, 303)


def _level(level: str) -> str:
    try:
        return level_name(level)
    except ValueError as err:
        raise StateError(str(err)) from None


@bp.get("/new/<level>")
def new_puzzle(level: str) -> BaseResponse:
    """A new puzzle at a level, from the warm pool (or made now), opened at its URL."""
    name = _level(level)
    pool = current_app.extensions.get("seedpool")
    return _generated(pool.take(name) if pool else generate(name, new_seed()))


@bp.get("/new/<level>/<int:seed>")
def seeded_puzzle(level: str, seed: int) -> BaseResponse:
    """The puzzle a level and seed make: the same on every machine."""
    name = _level(level)
    if seed >= SEED_LIMIT:
        raise StateError(f"the seed is {seed}; seeds go from 0 to {SEED_LIMIT - 1}")
    try:
        return _generated(generate(name, seed, max_attempts=SEED_ATTEMPTS))
    except NotFound:
        raise StateError(
            f"no {name} puzzle comes from the seeds {seed} to {seed + SEED_ATTEMPTS - 1}; "
            f"ask for a new {name} puzzle instead",
            fallback=f"/new/{name.lower()}",
        ) from None


@bp.get("/difficulty/<code>")
def rating(code: str) -> Response:
    """The difficulty line of a puzzle (htmx loads it when a fragment did not have it)."""
    puzzle = decode_cells(code, "the puzzle")
    context = {"rating": page_rating.rate(puzzle), "puzzle_code": encode_cells(puzzle)}
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
        "Disallow: /path/",
        "Disallow: /review/",
        "Disallow: /techniques/*/practise",
        "Disallow: /*?",
        "Allow: /$",
        "Allow: /lab$",
        "Allow: /techniques",
    ]
    return Response("\n".join(lines) + "\n", mimetype="text/plain")
