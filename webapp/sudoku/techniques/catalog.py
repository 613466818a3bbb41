"""Every technique explained: the one place for what the technique library says about each.

An `Entry` per line of ratings.RATINGS (same name, same order): a one-sentence summary, a short
explanation in this project's own words, how to spot it on a grid, and the names the engine's
steps carry for it (`Step.technique`; most are the entry's own name). Adding a technique means
one line in RATINGS and one entry here; tests/test_catalog.py checks that the two agree.

The library pages read the entries from here, with the rating from RATINGS; the worked
examples and practise seeds are data found by `bench/examples.py` (see examples.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..grade import level_of
from ..ratings import RATINGS
from .examples import PRACTISE


@dataclass(frozen=True)
class Entry:
    """What the library says about one technique (a RATINGS name)."""

    name: str
    summary: str  # one sentence
    explanation: tuple[str, ...]  # short paragraphs
    spot: str  # how to find it on a grid
    steps: tuple[str, ...] = ()  # Step.technique names it covers, if not just `name`

    @property
    def slug(self) -> str:
        """The name in a URL: 'xy-wing', 'hidden-single-box', 'bug-plus-1'."""
        return slug(self.name)

    @property
    def rating(self) -> float:
        return RATINGS[self.name].rating

    @property
    def se(self) -> float | None:
        """Sudoku Explainer's figure (None: SE has no such technique)."""
        return RATINGS[self.name].se

    @property
    def source(self) -> str:
        return RATINGS[self.name].source

    @property
    def level(self) -> str:
        return level_of(self.rating)

    @property
    def step_names(self) -> tuple[str, ...]:
        return self.steps or (self.name,)

    @property
    def practise_seeds(self) -> tuple[int, ...]:
        """Seeds known to make a practise puzzle for it at once (examples.py)."""
        return PRACTISE.get(self.name, ())


def slug(name: str) -> str:
    """A technique name as a URL path segment."""
    text = name.lower().replace("+", " plus ")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


_ENTRIES = (
    Entry(
        "Full house",
        "The last empty cell of a row, column or box takes the one digit that unit lacks.",
        (
            "A row, a column and a box each hold the digits 1 to 9 once. When eight of a "
            "unit's cells are filled, exactly one digit is missing, and the one empty cell "
            "must take it.",
        ),
        "Look for a row, column or box with a single gap, and name the digit it lacks.",
    ),
    Entry(
        "Hidden single (box)",
        "A digit has only one cell left in a box, so it goes there.",
        (
            "Every box needs each digit once. Pick a digit and a box that lacks it: a cell of "
            "the box is ruled out when it is filled, or when its row or column already holds "
            "that digit. If only one cell survives, the digit goes there, whatever else that "
            "cell might hold.",
            "This is the first technique most players learn: no pencil marks are needed, only "
            "a sweep of each digit across the boxes.",
        ),
        "Take one digit at a time; for each box without it, follow the rows and columns "
        "where it is already placed and see which cells of the box they leave open.",
        ("Hidden single",),
    ),
    Entry(
        "Hidden single (row or column)",
        "A digit has only one cell left in a row or column, so it goes there.",
        (
            "The same idea as in a box, but across a line: a row (or column) needs the digit "
            "once, and each of its empty cells is ruled out by the same digit in that cell's "
            "column (or row) or box. When one cell is left, the digit goes there.",
            "It rates a little higher than the box version because the cells that rule the "
            "others out are spread over three boxes, which is harder to take in at a glance.",
        ),
        "Pick a row or column with few gaps and ask, digit by digit, which gaps could take "
        "each missing digit.",
        ("Hidden single",),
    ),
    Entry(
        "Direct pointing",
        "A digit confined to one line within a box leaves a hidden single further along that "
        "line's reach.",
        (
            "Inside a box, a digit's possible cells can all lie in one row (or column). The "
            "digit then has to be in that row within this box, so no other cell of that row "
            "can take it. That alone often leaves the digit a single place in another box or "
            "line, which is placed at once.",
            '"Direct" means the step ends in a placement you can make without writing any '
            "pencil marks: you only picture where the digit can go in one box.",
        ),
        "When a box has the digit's places in a single row or column, carry that line across "
        "the grid and look for a box or line where the digit now has one place.",
    ),
    Entry(
        "Direct claiming",
        "A digit confined to one box within a line leaves a hidden single in that box.",
        (
            "The mirror of pointing: in a row (or column), a digit's possible cells all lie "
            "inside one box. The line's copy of the digit is then in that box, so the box's "
            "other cells cannot take it, and often one cell of the box is left for some "
            "digit, which is placed at once.",
        ),
        "Scan a line for a digit whose open cells all sit in one box, then look inside that "
        "box for a cell or digit with a single option left.",
    ),
    Entry(
        "Direct hidden pair",
        "Two digits that share the same two cells of a unit clear those cells for them, which "
        "leaves a hidden single.",
        (
            "If two digits can go only in the same two cells of a row, column or box, those "
            "two cells hold exactly those two digits, in some order. Every other digit is "
            "ruled out of them, and that can leave another digit with a single place in a "
            "unit through one of those cells.",
        ),
        "Look for two digits that are missing from a unit and fit in the same two cells only; "
        "then see which other digit had counted on those cells.",
    ),
    Entry(
        "Naked single",
        "A cell that sees eight different digits in its row, column and box takes the ninth.",
        (
            "Collect the digits already placed in a cell's row, column and box. If eight "
            "different digits appear among them, only one digit is left for the cell.",
            "It rates above hidden singles because each cell must be checked against every "
            "digit, where a hidden single follows one digit at a time.",
        ),
        "Look at cells in busy rows and columns, or cells whose pencil marks are down to one "
        "digit.",
    ),
    Entry(
        "Direct hidden triple",
        "Three digits that share the same three cells of a unit clear those cells for them, "
        "which leaves a hidden single.",
        (
            "If three digits can only go in the same three cells of a unit (each cell need not "
            "allow all three), those cells hold exactly those digits. Other digits leave those "
            "cells, and a single appears for one of them elsewhere.",
        ),
        "Count, for each missing digit of a unit, the cells it fits; three digits spread over "
        "the same three cells form the triple.",
    ),
    Entry(
        "Pointing",
        "A digit confined to one row or column within a box is removed from the rest of that line.",
        (
            "When all of a box's candidates for a digit lie in one row (or column), the box's "
            "copy of the digit is in that line. The line cannot hold the digit twice, so its "
            "cells outside the box lose it as a candidate.",
            "Unlike direct pointing, the gain is only pencil marks: the placement it enables, "
            "if any, comes later.",
        ),
        "For each box, check whether one digit's candidates line up in a row or column, and "
        "strike that digit from the same line in the other two boxes.",
    ),
    Entry(
        "Claiming",
        "A digit confined to one box within a row or column is removed from the rest of that box.",
        (
            "When all of a line's candidates for a digit lie in one box, the line's copy of "
            "the digit is in that box. The box's other cells, outside the line, lose it.",
        ),
        "For each row and column, check whether one digit's candidates stay inside one box; "
        "then clear that digit from the box's other two lines.",
    ),
    Entry(
        "Naked pair",
        "Two cells of a unit with the same two candidates take those two digits between them.",
        (
            "If two cells in a row, column or box can each hold only the same two digits, "
            "one of them is the first digit and the other the second. No other cell of that "
            "unit can hold either digit, so both come out of their candidates.",
        ),
        "Look for two cells of one unit whose pencil marks are the same pair of digits.",
    ),
    Entry(
        "X-Wing",
        "A digit restricted to the same two columns in two rows is removed from the rest of "
        "those columns (or the same with rows and columns swapped).",
        (
            "Suppose a digit can go in only two cells of one row, and only two cells of "
            "another row, and those four cells sit in the same two columns. Each row takes "
            "the digit in one of its two cells, and the two rows cannot use the same column, "
            "so the digit fills both columns at those rows. Every other cell of the two "
            "columns loses the digit.",
        ),
        "Pick a digit and list, row by row, the columns where it can go; two rows with the "
        "same two columns make the X-Wing. Do the same with columns.",
    ),
    Entry(
        "Hidden pair",
        "Two digits that can go only in the same two cells of a unit remove every other "
        "candidate from those cells.",
        (
            "If, within a row, column or box, two digits fit only in the same two cells, "
            "those cells hold these two digits. Whatever else their pencil marks list can go.",
        ),
        "For each unit, note where every missing digit can go; two digits with the same two "
        "cells are a hidden pair.",
    ),
    Entry(
        "Naked triple",
        "Three cells of a unit whose candidates together are just three digits take those "
        "digits, so the unit's other cells lose them.",
        (
            "Three cells in one unit, between them, allow only three digits (a cell may allow "
            "two of them or all three). Those three cells must hold the three digits, so no "
            "other cell of the unit can.",
        ),
        "Look for three cells of a unit with short pencil marks drawn from the same three "
        "digits, such as 12, 23 and 13.",
    ),
    Entry(
        "Swordfish",
        "A digit restricted to the same three columns in three rows is removed from the rest "
        "of those columns (or rows and columns swapped).",
        (
            "The X-Wing with three lines: in three rows, a digit can go only in cells of the "
            "same three columns (each row in two or three of them). The three rows take the "
            "digit in three different columns, which fills those columns' need for it, so "
            "the columns' other cells lose the digit.",
        ),
        "For one digit, list each row's possible columns; look for three rows whose columns "
        "together number three.",
    ),
    Entry(
        "Hidden triple",
        "Three digits that fit only in the same three cells of a unit remove every other "
        "candidate from those cells.",
        (
            "Within a unit, three digits can be placed only in the same three cells (each "
            "digit in two or three of them). Those cells hold these digits, so any other "
            "candidate in them goes.",
        ),
        "For each unit, find three missing digits whose possible cells are the same three cells.",
    ),
    Entry(
        "Skyscraper",
        "Two rows (or columns) where a digit has two places each, with one end of each in a "
        "shared column: one of the two other ends holds the digit.",
        (
            "In each of two rows a digit can go in only two cells (a strong link: if one is "
            "not the digit, the other is). One cell of each row stands in the same column, "
            "so at most one of those two is the digit, and therefore at least one of the two "
            "other ends, the roof of the skyscraper, is.",
            "Any cell that sees both roof cells cannot hold the digit.",
        ),
        "For one digit, find two rows (or columns) with exactly two candidates each, lined up "
        "at one end; then look at the cells that see both of the unaligned ends.",
    ),
    Entry(
        "2-String Kite",
        "A row and a column where a digit has two places each, linked through a box: one of "
        "the two far ends holds the digit.",
        (
            "A digit has exactly two places in a row and exactly two in a column. One end of "
            "the row and one end of the column lie in the same box (in different cells), so "
            "they cannot both be the digit. Then one of the two other ends must be it.",
            "A cell that sees both of those far ends loses the digit.",
        ),
        "For one digit, pair a row and a column that each have two candidates; if one end of "
        "each shares a box, check the cell where the other ends' row and column cross.",
    ),
    Entry(
        "Turbot fish",
        "Two strong links on one digit, one of them inside a box, joined so that one of the "
        "two far ends must hold the digit.",
        (
            "The general shape behind the Skyscraper and the Kite: a chain of four cells on "
            "one digit, strong link, weak link, strong link, where a strong link is a unit "
            "with only two places for the digit and a weak link is two cells that see each "
            "other. Following it, if the first cell is not the digit the last one is.",
            "Here one of the strong links lies in a box. Cells that see both ends lose the digit.",
        ),
        "For one digit, look for a box with two candidates and a line with two candidates "
        "whose ends see each other.",
    ),
    Entry(
        "XY-Wing",
        "A cell with two candidates and two partner cells that each share one of them: "
        "whatever the first cell holds, one partner holds the third digit.",
        (
            "The pivot cell can be only x or y. It sees one cell that can be only x or z and "
            "another that can be only y or z. If the pivot is x, the first partner is z; if "
            "it is y, the second one is. Either way one partner is z.",
            "Every cell that sees both partners loses z.",
        ),
        "Look for three cells with two candidates each in the pattern xy, xz, yz, where the "
        "xy cell sees the other two.",
    ),
    Entry(
        "XYZ-Wing",
        "Like an XY-Wing, but the pivot can also be the third digit, so only cells that see "
        "all three cells lose it.",
        (
            "The pivot can be x, y or z; one partner, which it sees, can be x or z, the other "
            "y or z. If the pivot is x or y, a partner is z; otherwise the pivot is z itself. "
            "So one of the three is z.",
            "A cell that sees all three cannot be z.",
        ),
        "Look for a cell with three candidates and two cells it sees with two candidates "
        "each, drawn from the same three digits.",
    ),
    Entry(
        "Unique rectangle type 1",
        "Four cells in a rectangle over two boxes would let two digits swap; the puzzle has "
        "one solution, so the one cell with more options cannot be either of them.",
        (
            "Take four cells at the corners of a rectangle that spans two rows, two columns "
            "and two boxes. If all four could hold only the same two digits, those digits "
            "could be swapped around the rectangle and the puzzle would have two solutions. "
            "A proper puzzle has one, so this cannot be the final state.",
            "When three corners hold just the pair, the fourth must take some other digit: "
            "both digits of the pair come out of it.",
        ),
        "Look for three cells with the same two candidates at three corners of a rectangle "
        "that lies in two boxes.",
    ),
    Entry(
        "Unique rectangle type 2",
        "A rectangle of one pair where two corners share one extra candidate: that extra "
        "digit is in one of them.",
        (
            "As with type 1, the four corners must not end up holding only the pair. Two "
            "corners hold just the pair, the other two hold the pair and the same extra digit. "
            "To avoid the two-solution trap, one of those two corners must take the extra "
            "digit.",
            "Any cell that sees both of those corners loses the extra digit.",
        ),
        "Look for a rectangle over two boxes whose corners all contain the same pair, two of "
        "them with one same extra candidate.",
    ),
    Entry(
        "Unique rectangle type 4",
        "A rectangle of one pair where one digit of the pair is locked into two corners: the "
        "other digit leaves them.",
        (
            "Two corners of the rectangle hold just the pair a and b; the other two also hold "
            "more. If, in the row, column or box those two share, digit a can go only in "
            "these two corners, one of them is a. Were the other b, the rectangle would "
            "become the two-solution pattern.",
            "So b is removed from both of those corners.",
        ),
        "In a rectangle of one pair over two boxes, look at the two corners with extra "
        "candidates and check whether one digit of the pair has no other place in their "
        "shared unit.",
    ),
    Entry(
        "Naked quad",
        "Four cells of a unit whose candidates together are four digits take those digits.",
        (
            "Four cells in a row, column or box allow only four digits between them, so they "
            "hold exactly those four, and the unit's other cells lose them.",
        ),
        "In a unit with many empty cells, look for four cells whose pencil marks come from "
        "the same four digits.",
    ),
    Entry(
        "Jellyfish",
        "A digit restricted to the same four columns in four rows is removed from the rest "
        "of those columns (or rows and columns swapped).",
        (
            "The X-Wing and Swordfish with four lines: four rows in which the digit fits only "
            "in the same four columns. The rows take the digit in four different columns, so "
            "those columns' other cells cannot.",
        ),
        "For one digit, list each row's possible columns and look for four rows that use only "
        "four columns between them.",
    ),
    Entry(
        "Hidden quad",
        "Four digits that fit only in the same four cells of a unit remove every other "
        "candidate from those cells.",
        (
            "Within a unit, four digits can go only in the same four cells. Those cells hold "
            "the four digits, so every other candidate in them goes.",
        ),
        "Rare and hard to see: look in a unit where most cells are empty for four digits that "
        "avoid the same cells.",
    ),
    Entry(
        "BUG+1",
        "Every empty cell has two candidates except one: that cell takes the digit that would "
        "otherwise let the puzzle have several solutions.",
        (
            "A position where every empty cell has exactly two candidates, and every digit "
            "appears exactly twice as a candidate in each unit, is a bivalue universal grave: "
            "it has zero or two solutions, never one.",
            "When only one cell has three candidates, one of its digits appears three times in "
            "that cell's row, column and box. Removing it would leave the grave, so the cell "
            "must take that digit.",
        ),
        "Late in a solve, when nearly every cell shows two pencil marks, look for the one "
        "cell with three.",
    ),
    Entry(
        "X-chain",
        "A chain on one digit alternating strong and weak links: one of its two ends holds the "
        "digit.",
        (
            "For one digit, a strong link joins two cells that are its only places in a unit "
            "(if one is not the digit, the other is); a weak link joins two cells that see "
            "each other (they cannot both be the digit). A chain that starts and ends with a "
            "strong link, alternating in between, shows that if the first cell is not the "
            "digit, the last one is.",
            "So one end holds the digit, and every cell that sees both ends loses it. Longer "
            "chains rate higher.",
        ),
        "Pick a digit with many two-place units, draw those links, and look for a path "
        "between two cells that see a common cell.",
    ),
    Entry(
        "Simple colouring",
        "Colour a digit's strong links in two alternating colours: one colour is true, which "
        "can rule out a colour or the cells that see both.",
        (
            "For one digit, join the cells linked by strong links (two places in a unit) and "
            "colour them alternately, say green and blue. In every chain of colours, either "
            "all greens or all blues hold the digit.",
            "If two cells of one colour see each other, that colour is false everywhere. A "
            "cell that sees a green and a blue cell cannot hold the digit.",
        ),
        "For one digit, trace the units where it has exactly two places and colour as you go; "
        "then look for a clash within a colour or a cell caught between both.",
    ),
    Entry(
        "XY-chain",
        "A chain of cells with two candidates each, linked by a shared digit: if its first "
        "cell is not z, its last cell is z.",
        (
            "Each cell of the chain has two candidates and sees the next one, sharing one "
            "digit with it. If the first cell is not z, it is its other digit; the next cell "
            "then cannot be that digit, so it is its other one, and so on until the last "
            "cell is z.",
            "So one end is z, and any cell that sees both ends loses z. The XY-Wing is the "
            "shortest XY-chain.",
        ),
        "Start from a cell with two candidates and hop through cells it sees that also have "
        "two, until you reach a cell that ends on the digit you started from.",
    ),
    Entry(
        "AIC",
        "An alternating inference chain mixes links on one digit with links inside cells: "
        "one of its two ends is true.",
        (
            "An alternating inference chain (AIC) treats each candidate as a true-or-false "
            "statement. A strong link says at least one of two candidates is true (the only "
            "two places of a digit in a unit, or the only two digits of a cell); a weak link "
            "says they cannot both be true. A chain alternating the two, starting and ending "
            "with a strong link, proves that one of its end candidates is true.",
            "Anything that conflicts with both ends is removed; a chain that closes on its "
            "own start proves that candidate.",
        ),
        "Combine what you look for in X-chains and XY-chains: two-place digits and two-digit "
        "cells are the strong links you can chain together.",
    ),
    Entry(
        "W-Wing",
        "Two cells with the same two candidates, tied by a strong link on one digit: one of "
        "them holds the other digit.",
        (
            "Two cells that do not see each other can both be only x or y. A strong link on x "
            "elsewhere, a unit where x has just two places, has one end seeing each cell. One "
            "of those two places is x, so the cell it sees is not x and must be y.",
            "Either way one of the two cells is y, and any cell that sees both loses y.",
        ),
        "Find two far-apart cells with the same pair, then look for a unit where one digit of "
        "the pair has two places, each seeing one of the cells.",
    ),
    Entry(
        "Nishio forcing chain",
        "Assume a digit in a cell and follow only that digit: if some unit is left with no "
        "place for it, the assumption was false.",
        (
            "A trial on one digit: put the digit in a cell, remove it from the cells that "
            "cell sees, and keep placing it wherever a unit has a single place left. If a "
            "unit ends up with no place for the digit, the first cell cannot hold it.",
            "It is the first of the trial techniques: logic by assumption rather than a "
            "pattern you can point at.",
        ),
        "Pick a digit with few candidates, try it in one cell and see whether its other "
        "copies still fit.",
    ),
    Entry(
        "Cell or unit forcing chains",
        "Every option of one cell (or every place of a digit in a unit) leads to the same "
        "conclusion, so that conclusion holds.",
        (
            "Take a cell with few candidates and assume each of them in turn, following the "
            "links from each. If every assumption makes the same other cell take a digit, or "
            "lose one, that result is certain, since the cell must take one of its options.",
            "The same works with the places of a digit in a unit instead of the options of a cell.",
        ),
        "Start from a cell with two candidates (or a digit with two places in a unit) and "
        "follow both branches a few steps, looking for a common result.",
        ("Cell forcing chains", "Unit forcing chains"),
    ),
    Entry(
        "Dynamic forcing chain",
        "Assume a candidate and apply singles until something breaks or every branch "
        "agrees: chains that grow as a network.",
        (
            "A forcing chain where each branch keeps every consequence it has found so far, "
            "not just the last link: a placement several steps back can combine with a new "
            "one to force the next. A branch that runs into a contradiction (a cell or unit "
            "with no option left) proves its assumption false; a result reached from every "
            "option of a cell or unit holds.",
        ),
        "A computer's technique more than a person's: a trial of a candidate, followed with "
        "naked and hidden singles until something gives.",
        (
            "Dynamic forcing chain",
            "Dynamic cell forcing chains",
            "Dynamic unit forcing chains",
        ),
    ),
    Entry(
        "Dynamic forcing chain (+)",
        "A dynamic forcing chain that also uses locked candidates and other simple "
        "techniques along the way.",
        (
            "The same trial as a dynamic forcing chain, but inside each branch the easier "
            "techniques (locked candidates and the like) also run, so a branch can reach a "
            "contradiction or a common result that singles alone would not.",
        ),
        "Only for the hardest puzzles: trials whose branches need more than singles.",
        (
            "Dynamic forcing chain (+)",
            "Dynamic cell forcing chains (+)",
            "Dynamic unit forcing chains (+)",
        ),
    ),
    Entry(
        "Nested forcing chain",
        "Forcing chains inside forcing chains: a trial whose branches need trials of their "
        "own to break.",
        (
            "Assume a candidate; within that assumption, use further trials to remove "
            "candidates, until the assumption leads to a contradiction. The candidate assumed "
            "first is then false.",
            "Only the very hardest puzzles known need it.",
        ),
        "Not something to look for by hand: it marks a puzzle at the limit of what logic "
        "without guessing can reach.",
    ),
    Entry(
        "Solution lookup",
        "When no technique the engine knows applies within its budget, it reads the digit from "
        "the solution.",
        (
            "Not a technique: a way out. If every pattern and every trial the engine tries "
            "fails within the work it may spend, the hint names the solution's digit for a "
            "cell and says so. Grades count it as harder than anything else.",
        ),
        "You will only meet it in a hint on a puzzle beyond the engine's budget.",
    ),
)

CATALOG: dict[str, Entry] = {entry.name: entry for entry in _ENTRIES}
BY_SLUG: dict[str, Entry] = {entry.slug: entry for entry in _ENTRIES}


def entries() -> tuple[Entry, ...]:
    """Every entry, in the ratings table's order (easiest first)."""
    return tuple(CATALOG[name] for name in RATINGS if name in CATALOG)


def by_slug(text: str) -> Entry | None:
    """The entry whose slug is `text`, or None."""
    return BY_SLUG.get(text)


def entry_for(technique: str, rated: float) -> Entry | None:
    """The entry covering a step named `technique` with rating `rated` (the rating tells the
    box and line hidden singles apart; a chain's rating is its base plus a bonus). Of several
    entries, the highest rated up to `rated`, else the lowest."""
    found = sorted((e for e in CATALOG.values() if technique in e.step_names), key=_rating)
    fitting = [e for e in found if e.rating <= rated + 1e-9]
    if fitting:
        return fitting[-1]
    return found[0] if found else None


def _rating(entry: Entry) -> float:
    return entry.rating
