"""Thin routes: read the request (URL or form) -> build the board -> render a page or a fragment.

A plain request gets a full page; an htmx request (HX-Request header) gets the same partial the
page includes, plus HX-Replace-Url / HX-Push-Url so the address bar always holds the state.
Form posts without JavaScript are answered 303 See Other to the state URL (post/redirect/get).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from flask import Blueprint, Response, make_response, redirect, render_template, request
from werkzeug.routing import BaseConverter

from . import hints, present
from .sudoku.board import PuzzleFormatError, parse
from .urlstate import HINT_LEVELS, Mode, State, StateError, encode_cells, from_form, from_url

bp = Blueprint("sudoku", __name__)

EXAMPLES = {  # a few puzzles to try until the generator lands
    "Gentle": "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "Tough": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "Fiendish": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
}
EXAMPLE_LINKS = tuple((name, State(parse(text)).url) for name, text in EXAMPLES.items())
ACTIONS = {  # action -> how the address bar changes: a new history entry, or the same one
    "update": "HX-Replace-Url",
    "solve": "HX-Push-Url",
    "hide": "HX-Push-Url",
    "play": "HX-Push-Url",
    "enter": "HX-Push-Url",
    "clear": "HX-Push-Url",
    "hint": "HX-Replace-Url",
    "hint-more": "HX-Replace-Url",
    "hint-close": "HX-Replace-Url",
    "hint-apply": "HX-Push-Url",
}
HINT_ACTIONS = frozenset(a for a in ACTIONS if a.startswith("hint"))


@dataclass(frozen=True)
class Paste:
    """The paste box: text to show back and an error about it."""

    text: str = ""
    error: str = ""


def is_htmx() -> bool:
    """An htmx request that wants a fragment (history restores want the whole page)."""
    headers = request.headers
    return headers.get("HX-Request") == "true" and "HX-History-Restore-Request" not in headers


def render_game(
    state: State,
    *,
    bad: dict[int, str] | None = None,
    paste: Paste | None = None,
    code: int = 200,
    url_header: str | None = None,
) -> Response:
    """The game for `state`: the full page, or for htmx the game fragment (+ URL header)."""
    panel = None
    if state.hint and state.mode is Mode.PLAY:
        panel = hints.panel(state, hints.for_state(state))
    board = present.build(state, bad, panel)
    context = {
        "board": board,
        "puzzle_code": encode_cells(state.puzzle),
        "share_url": request.host_url.rstrip("/") + state.url,
        "paste": paste or Paste(),
        "examples": EXAMPLE_LINKS,
    }
    if is_htmx():
        response = make_response(render_template("partials/game_response.html", **context), code)
        if url_header:
            response.headers[url_header] = state.url
    else:
        response = make_response(render_template("game.html", **context), code)
    response.headers["Vary"] = "HX-Request"
    if state.url != "/":
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _legacy_state() -> State | None:
    """A puzzle given SudokuWiki-style (?bd=) or SudokuExchange-style (?s=), if any."""
    for key in ("bd", "s"):
        values = request.args.getlist(key)
        if not values:
            continue
        if len(values) > 1:
            raise StateError(f"{key}= appears {len(values)} times in the link; give it once")
        try:
            return State(parse(values[0]))
        except PuzzleFormatError as err:
            raise StateError(f"the puzzle in {key}= can't be read: {err}") from None
    return None


@bp.get("/")
def home() -> Response:
    """A fresh grid in enter mode; a ?bd= or ?s= puzzle is redirected to its own URL."""
    if legacy := _legacy_state():
        return redirect(legacy.url, 301)
    return render_game(State(mode=Mode.ENTER))


@bp.get("/play")
@bp.get("/play/")
def play_legacy() -> Response:
    """SudokuExchange-style /play/?s=<puzzle>."""
    legacy = _legacy_state()
    return redirect(legacy.url if legacy else "/", 301)


@bp.get("/p/<version>/<puzzle>")
def state_page(version: str, puzzle: str) -> Response:
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
def plain_puzzle(plain: str) -> Response:
    """A bare 81-character puzzle after the slash (digits, '.' or '0' for empty)."""
    try:
        grid = parse(plain)
    except PuzzleFormatError as err:
        raise StateError(f"the puzzle in the address can't be read: {err}") from None
    return redirect(State(grid).url, 301)


def _apply(action: str, state: State) -> State:
    """The state after pressing a button of the grid form."""
    if action in HINT_ACTIONS and state.mode is not Mode.PLAY:
        raise StateError("hints are given in play mode; press Start playing first")
    if action == "update":
        return replace(state, hint=0)
    if action == "hint":
        return replace(state, hint=1)
    if action == "hint-more":
        return replace(state, hint=min(state.hint + 1, HINT_LEVELS))
    if action == "hint-close":
        return replace(state, hint=0)
    if action == "hint-apply":
        return hints.apply(state, hints.for_state(state))
    if action in ("solve", "hide"):
        return replace(state, solve=action == "solve")
    if action == "play":
        return State(state.puzzle, origin=state.origin)
    if action == "enter":
        return State(state.puzzle, mode=Mode.ENTER)
    if action == "clear":
        if state.mode is Mode.PLAY:
            return State(state.puzzle, origin=state.origin)
        return State(mode=Mode.ENTER)
    raise StateError(f"the form asks for {action[:20]!r}, which is not an action")


@bp.post("/edit")
def edit() -> Response:
    """Every change to the grid and every button under it posts here."""
    posted = from_form(request.form.to_dict(flat=False))
    actions = request.form.getlist("action")
    if len(actions) > 1:
        raise StateError("the form names more than one action")
    action = actions[0] if actions else "update"
    if action not in ACTIONS:
        raise StateError(f"the form asks for {action[:20]!r}, which is not an action")
    if posted.bad:
        return render_game(posted.state, bad=posted.bad, code=422)
    state = _apply(action, posted.state)
    if not is_htmx():
        return redirect(state.url, 303)
    return render_game(state, url_header=ACTIONS[action])


@bp.post("/load")
def load() -> Response:
    """The paste box: read any format the engine reads and open the puzzle in play."""
    text = request.form.get("text", "")
    try:
        grid = parse(text)
    except PuzzleFormatError as err:
        paste = Paste(text, f"That puzzle can't be read: {err}.")
        if is_htmx():
            fragment = render_template("partials/paste.html", paste=paste, examples=EXAMPLE_LINKS)
            return make_response(fragment, 422)
        return render_game(State(mode=Mode.ENTER), paste=paste, code=422)
    state = State(grid)
    if not is_htmx():
        return redirect(state.url, 303)
    response = render_game(state, url_header="HX-Push-Url")
    response.headers["HX-Retarget"] = "#game"
    response.headers["HX-Reswap"] = "innerHTML"
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
        "Disallow: /*?",
        "Allow: /$",
    ]
    return Response("\n".join(lines) + "\n", mimetype="text/plain")
