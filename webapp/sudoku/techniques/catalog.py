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
from .examples import PRACTISE, PRACTISE_BASES, Base


@dataclass(frozen=True)
class Entry:
    """What the library says about one technique (a RATINGS name)."""

    name: str
    summary: str  # one sentence
    explanation: tuple[str, ...]  # short paragraphs
    spot: str  # how to find it on a grid
    steps: tuple[str, ...] = ()  # Step.technique names it covers, if not just `name`

    @property
    def graded(self) -> bool:
        """Whether a puzzle's grade can name it: the grader uses Sudoku Explainer's
        techniques only (grade.SE_TECHNIQUES), so the others appear in hints and solves but
        never as a puzzle's hardest step, and cannot be practised."""
        return self.name not in HINTS_ONLY

    @property
    def slug(self) -> str:
        """The name in a URL: 'xy-wing', 'hidden-single-box', 'bug-plus-1'."""
        return slug(self.name)

    @property
    def rating(self) -> float:
        """Its rating on Sudoku Explainer's scale (ratings.RATINGS), as grades and steps give."""
        return RATINGS[self.name].rating

    @property
    def se(self) -> float | None:
        """Sudoku Explainer's figure (None: SE has no such technique)."""
        return RATINGS[self.name].se

    @property
    def source(self) -> str:
        """Where the rating comes from, and how it was worked out."""
        return RATINGS[self.name].source

    @property
    def level(self) -> str:
        """The level its rating falls in: 'Easy' ... 'Extreme'."""
        return level_of(self.rating)

    @property
    def step_names(self) -> tuple[str, ...]:
        """The `Step.technique` names it covers."""
        return self.steps or (self.name,)

    @property
    def practise_seeds(self) -> tuple[int, ...]:
        """Seeds from which `practise` makes a puzzle for it at once (examples.py)."""
        return PRACTISE.get(self.name, ())

    @property
    def practise_bases(self) -> tuple[Base, ...]:
        """Known puzzles its practise puzzles are shuffled copies of (examples.py), if any."""
        return PRACTISE_BASES.get(self.name, ())


# The techniques found only by rows of logic.TECHNIQUES and SEARCHES outside
# grade.SE_TECHNIQUES (tests/test_learn.py checks this against the engine at each example).
HINTS_ONLY = frozenset(
    {
        "Finned X-Wing",
        "Sashimi X-Wing",
        "W-Wing",
        "Unique rectangle type 6",
        "Hidden rectangle",
        "Avoidable rectangle type 1",
        "Avoidable rectangle type 2",
        "Finned Swordfish",
        "Sashimi Swordfish",
        "Finned Jellyfish",
        "Sashimi Jellyfish",
        "Sue de Coq",
        "Multi-colouring",
        "Grouped X-chain",
        "3D Medusa",
        "Grouped AIC",
        "ALS-XZ",
        "ALS-XY-Wing",
        "ALS chain",
        "Death blossom",
        "Digit forcing chains",
    }
)


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
        "A digit confined to one line within a box is cleared from the rest of that line, "
        "which leaves it a single place in another box the line crosses.",
        (
            "Inside a box, a digit's possible cells can all lie in one row (or column). The "
            "digit then has to be in that row within this box, so no other cell of that row "
            "can take it. When that leaves the digit a single place in one of the other two "
            "boxes the row passes through, it is placed there at once.",
            '"Direct" means the step ends in a placement you can make without writing any '
            "pencil marks: you only picture where the digit can go in one box.",
        ),
        "When a box has the digit's places in a single row or column, carry that line across "
        "the grid and look in the other two boxes it crosses for one where the digit now has "
        "one place.",
    ),
    Entry(
        "Direct claiming",
        "A digit confined to one box within a line is cleared from the rest of that box, "
        "which leaves it a single place in another line of the same kind.",
        (
            "The mirror of pointing: in a row (or column), a digit's possible cells all lie "
            "inside one box. The line's copy of the digit is then in that box, so the box's "
            "other cells cannot take it. The digit still has two or more places in the box, "
            "so the single is not there: it is in another row (or column) through a cleared "
            "cell, where the digit now has one place and is placed at once.",
        ),
        "Scan a line for a digit whose open cells all sit in one box, clear the digit from "
        "the box's other two lines, and follow those lines out of the box: one of them may "
        "have a single place left for it.",
    ),
    Entry(
        "Direct hidden pair",
        "Two digits that share the same two cells of a unit clear those cells for them, which "
        "leaves a hidden single in that unit.",
        (
            "If two digits can go only in the same two cells of a row, column or box, those "
            "two cells hold exactly those two digits, in some order. Every other digit is "
            "ruled out of them, and that can leave another digit with a single place in the "
            "same unit, which is placed at once.",
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
        "which leaves a hidden single in that unit.",
        (
            "If three digits can only go in the same three cells of a unit (each cell need not "
            "allow all three), those cells hold exactly those digits. Other digits leave those "
            "cells, and another digit of the unit is left a single place in it.",
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
        "A pivot cell holding x and y sees two partners, one holding x and z, the other y "
        "and z: whatever the pivot holds, one partner is z, so a cell that sees both loses z.",
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
            "could be swapped around the rectangle and the puzzle would have a second solution. "
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
        "Every empty cell has two candidates except one: that cell takes the digit that has "
        "three places in its row, its column and its box.",
        (
            "A position where every empty cell has exactly two candidates, and each digit a "
            "unit still needs has exactly two places in it, is a bivalue universal grave. It "
            "cannot have exactly one solution: give every cell its other candidate and any "
            "solution becomes another, so it has none or more than one.",
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
            "colour them alternately: blue and orange, as the example draws them. In every "
            "chain of colours, either all blues or all oranges hold the digit.",
            "If two cells of one colour see each other, that colour is false everywhere. A "
            "cell that sees a blue and an orange cell cannot hold the digit.",
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
        "Empty rectangle",
        "A digit's places in a box all lie on one row and one column of it; with a strong "
        "link on that digit, one cell where the lines meet loses it.",
        (
            "In a box, a digit can go only in cells of one row and one column of the box (at "
            "least three places, not all on one line), so the box's copy of the digit is on "
            "that row or on that column. Now take a line outside the box where the digit has "
            "exactly two places, one of them on the box's row.",
            "If that place holds the digit, the box's copy must be on the column; if not, the "
            "other place of the strong link does. Either way the cell where the link's second "
            "place lines up with the box's column sees a copy of the digit, and loses it. The "
            "same works with rows and columns swapped.",
        ),
        "For one digit, look for a box whose candidates form a cross or an L (one row and one "
        "column of the box), then for a two-place line that starts on the cross's row or column.",
    ),
    Entry(
        "Finned X-Wing",
        "An X-Wing with a few extra places (the fin) in one box: cells that see the fin and "
        "lie in the X-Wing's columns lose the digit.",
        (
            "Two rows would form an X-Wing on a digit in two columns, except that one row "
            "also has a place or two outside those columns, all in one box: the fin. Either "
            "the fin holds the digit, or the X-Wing stands and takes the digit of both "
            "columns.",
            "A cell of the fin's box that lies in one of the X-Wing's columns, outside the "
            "two rows, loses the digit either way: it sees the fin, and the X-Wing would take "
            "its column's copy. The same works with rows and columns swapped.",
        ),
        "When a digit nearly makes an X-Wing, look at the extra places: if they share a box "
        "with a corner, check that box's cells in the X-Wing's columns.",
    ),
    Entry(
        "Sashimi X-Wing",
        "A finned X-Wing with a corner missing: one row has a single place in the columns, "
        "and the fin beside it stands in for the missing corner.",
        (
            "The same reasoning as a finned X-Wing, but one of the two rows has at most one "
            "place in the X-Wing's columns; the fin sits in the box where its second corner "
            "would be. Either the fin holds the digit, or that row's single place and the "
            "other row form the fish.",
            "Cells of the fin's box in the fish's columns, outside its rows, lose the digit. "
            "Seen another way, it is a turbot-like chain through the fin's box.",
        ),
        "Look for a row with one place in two columns that another row covers exactly, and a "
        "few more places next to where the missing corner would be.",
    ),
    Entry(
        "Unique rectangle type 5",
        "A unique rectangle whose extra digit is the same one in three corners or in two "
        "diagonal corners: one of them holds it.",
        (
            "As in type 2, the corners with more than the pair all have the same one digit "
            "besides it, and one of them must hold it, or the rectangle would be left with "
            "only the swappable pair. Here those corners are three, or two on a diagonal, so "
            "they do not share a line.",
            "A cell that sees every one of those corners loses the extra digit.",
        ),
        "In a rectangle of one pair over two boxes, look for one extra candidate repeated in "
        "three corners, or in two opposite ones.",
    ),
    Entry(
        "Unique rectangle type 3",
        "Two corners of a unique rectangle carry extra digits that act as one cell in a naked "
        "set with other cells of their unit.",
        (
            "Two corners on one side of the rectangle hold the pair and some extra digits. "
            "One of the two must take an extra digit, or the rectangle could swap. So the two "
            "corners together behave like a single cell holding just their extra digits.",
            "If that imaginary cell and other cells of a unit the corners share form a naked "
            "pair, triple or quad, the set's digits leave the rest of that unit. It rates "
            "4.6, plus a tenth per digit beyond a pair in the set.",
        ),
        "When two corners on one side of a rectangle carry extra digits, treat their extras as "
        "one cell and look for a naked set with it in their row, column or box.",
    ),
    Entry(
        "Unique loop",
        "A longer closed loop of cells sharing one pair, which could swap its digits: like a "
        "unique rectangle, something must break it.",
        (
            "Cells that all hold the same two digits a and b, joined in a closed loop of six, "
            "eight or more cells, where every row, column and box the loop crosses holds "
            "exactly two of its cells, one at an odd place and one at an even place. If they "
            "held only a and b, the a's and b's could trade places and the puzzle would have "
            "a second solution.",
            "The same four types as unique rectangles then apply to the cells with more than "
            "the pair. Longer loops rate higher: a tenth for six cells, two for eight, five "
            "for ten or more.",
        ),
        "Follow cells with the same pair from unit to unit, changing the kind of unit at each "
        "hop, until you return to the start.",
        (
            "Unique loop type 1",
            "Unique loop type 2",
            "Unique loop type 3",
            "Unique loop type 4",
            "Unique loop type 5",
        ),
    ),
    Entry(
        "Unique rectangle type 6",
        "A unique rectangle whose two diagonal corners have extra digits, where one digit of "
        "the pair is locked to the corners in both rows: the diagonal corners lose it.",
        (
            "Two opposite corners hold just the pair a and b, the other two hold more. Suppose "
            "digit a has no place in the rectangle's two rows (or columns) other than the "
            "corners. If one of the corners with extras were a, the other one would be too, "
            "and the two plain corners would both be b: the swappable pattern.",
            "So neither of the corners with extras holds a. Sudoku Explainer has no such "
            "type, so it only appears in hints, never in a puzzle's grade.",
        ),
        "In a rectangle of one pair with extras on a diagonal, check whether one digit of the "
        "pair appears only in the corners along both rows or both columns.",
    ),
    Entry(
        "Hidden rectangle",
        "A rectangle where one corner holds just the pair and a digit is locked to the "
        "corners in the opposite corner's row and column: that corner cannot be the other digit.",
        (
            "Four corners over two boxes all hold digits a and b; one corner holds only those "
            "two. In the row and in the column of the opposite corner, a has no place outside "
            "the rectangle.",
            "If the opposite corner were b, a would have to take the two corners beside it, "
            "and the first corner would be b: all four would hold only a and b, the "
            "two-solution pattern. So the opposite corner is not b. It is used in hints, not "
            "in the grade.",
        ),
        "Find a cell with two candidates at a rectangle's corner; at the far corner, check "
        "whether one of the pair's digits has only the corner places in that row and column.",
    ),
    Entry(
        "Avoidable rectangle type 1",
        "Three corners of a rectangle already solved (not given) as a, b, b: the fourth "
        "corner cannot be a, or the digits could swap.",
        (
            "The uniqueness argument also works with digits the solver has placed, as long "
            "as none of the four corners is a given. Three corners hold a, b and b, the a "
            "opposite the empty corner and the two b's beside it. If the empty corner were a, "
            "the a's and b's could swap around the rectangle.",
            "So the empty corner loses a. It is used in hints, not in the grade.",
        ),
        "Look at rectangles over two boxes whose corners you filled in yourself, with one "
        "corner still empty.",
    ),
    Entry(
        "Avoidable rectangle type 2",
        "Two solved corners a and b of a rectangle, and two empty ones holding b or a plus the "
        "same extra digit: one of the empty corners holds the extra digit.",
        (
            "Two corners on one side were solved (not given) as a and b. The two empty "
            "corners facing them hold b plus z, and a plus z. If neither were z, the four "
            "corners could swap their a's and b's.",
            "So one of the two empty corners is z, and a cell that sees both loses z. It is "
            "used in hints, not in the grade.",
        ),
        "Look for two found (not given) digits side by side in a rectangle whose empty corners "
        "hold two candidates each, one of them shared.",
    ),
    Entry(
        "WXYZ-Wing",
        "Three cells of a unit holding four digits between them, and a cell holding just x "
        "and z that sees each of those cells that can be x: z is in that cell or the three, "
        "so a cell that sees it and every z of the three loses z.",
        (
            "Three cells of one unit hold four digits together: an almost locked set. A cell "
            "with two candidates x and z sees every cell of the set that can be x. If that "
            "cell is x, the set loses x and its three cells must hold the other three digits, "
            "z among them; if it is z, it is z itself.",
            "So z is in the two-candidate cell or in the set, and a cell that sees that cell "
            "and every z of the set loses z. When z also links that cell to the set, more can "
            "go. It rates 5.5, a tenth more when the set's largest cell has three candidates.",
        ),
        "Find a cell with two candidates next to a unit where three cells share four digits "
        "that include both of its candidates.",
    ),
    Entry(
        "BUG type 2",
        "Every cell but a few has two candidates, and the few hold the same one extra digit: "
        "one of them is that digit.",
        (
            "Remove the extra digit from those cells and the position would be a bivalue "
            "universal grave, with no solution or more than one. So one of them holds it.",
            "Any cell that sees all of them loses that digit.",
        ),
        "When nearly every cell is down to a pair, look for a digit that is the odd one out in "
        "several cells that see a common cell.",
    ),
    Entry(
        "BUG type 4",
        "Two cells of a unit spoil a bivalue grave and are the unit's only places for a digit "
        "v: one holds its extra, the other v, so both lose every other candidate.",
        (
            "Without their extra candidates, the two cells would leave a bivalue universal "
            "grave, so one of them takes its extra digit. Both also hold a digit v that is not "
            "an extra; in a grave each digit has two places in a unit, so these two cells are "
            "the unit's only places for v.",
            "One of the two cells is taken by its extra, so the other must hold v. Each cell "
            "then loses its candidates other than v and its extra.",
        ),
        "When two cells of one unit are the only ones with three candidates, check the digit "
        "they share beyond the grave's pairs.",
    ),
    Entry(
        "BUG type 3",
        "The cells that spoil a bivalue grave act as one cell holding their extra digits, "
        "which forms a naked set with other cells of their unit.",
        (
            "The grave needs one of the extra candidates to be true, so the cells carrying "
            "them behave like a single cell holding just those digits. With other cells of a "
            "unit they all share, that can make a naked pair, triple or more.",
            "The set's digits leave the rest of the unit. It rates 5.8, plus a tenth per digit "
            "beyond a pair in the set.",
        ),
        "When a few cells in one unit keep the grid from being all pairs, gather their extra "
        "digits and look for a naked set that includes them.",
    ),
    Entry(
        "Finned Swordfish",
        "A Swordfish with a fin: extra places of the digit in one box; cells of that box in "
        "the fish's columns lose it.",
        (
            "Three rows would place a digit only in three columns but for one or two extra "
            "places, all in one box. Either the fin holds the digit, or the Swordfish stands.",
            "Cells of the fin's box in the fish's columns, outside its rows, see the fin and "
            "would lose the digit to the fish, so they lose it now.",
        ),
        "When three rows almost cover a digit with three columns, see whether the stray "
        "places share a box with the fish.",
    ),
    Entry(
        "Sashimi Swordfish",
        "A finned Swordfish in which a base line has at most one place in the columns: the "
        "fin stands in for the missing one.",
        (
            "As a finned Swordfish, but one row leans on the fin: it has at most one place "
            "in the fish's columns, so without the fin that row would have one place for the "
            "digit (or none) rather than a fish's two or three. The conclusion is the same: "
            "either the fin is the digit, or the fish is.",
            "Cells of the fin's box in the fish's columns, outside its rows, lose the digit.",
        ),
        "Look for three rows where one has a single place in the cover columns and extra "
        "places in a box beside it.",
    ),
    Entry(
        "VWXYZ-Wing",
        "Four cells of a unit holding five digits between them, and a cell holding just x "
        "and z that sees each of those cells that can be x: z is in that cell or the four, "
        "so a cell that sees it and every z of the four loses z.",
        (
            "The larger bent wing: four cells of one unit with five digits together (an "
            "almost locked set) and a pivot with two candidates x and z that sees every cell "
            "of the set that can be x. If the pivot is x, the set is locked on its other "
            "digits, z among them; otherwise the pivot is z.",
            "A cell that sees the pivot and every z of the set loses z. It rates 6.2 to 6.4, "
            "higher as the set's largest cell nears three candidates.",
        ),
        "Find a unit where four cells share five digits and a cell with two of those digits "
        "that sees every cell of the set holding one of them.",
    ),
    Entry(
        "Aligned pair exclusion",
        "Two cells can hold only certain pairs of digits together; a digit that fits in no "
        "allowed pair goes.",
        (
            "List every pair of digits two cells could hold together. A pair is ruled out "
            "when the cells see each other and the digits match, or when some cell with "
            "exactly those two candidates sees both cells (it would be left empty).",
            "If a candidate of one cell appears in no allowed pair, it cannot be there.",
        ),
        "Pick two cells that several two-candidate cells both see, and test their digit "
        "combinations against those cells.",
    ),
    Entry(
        "Finned Jellyfish",
        "A Jellyfish (four lines) with a fin in one box: cells of that box in the fish's "
        "columns lose the digit.",
        (
            "Four rows would place a digit only in four columns but for a few places in one "
            "box. Either the fin is the digit, or the Jellyfish stands.",
            "Cells that see the fin and lie in the fish's columns, outside its rows, lose it.",
        ),
        "Rare: for a digit with many places, see whether four rows nearly share four columns, "
        "the exceptions packed into one box.",
    ),
    Entry(
        "Sashimi Jellyfish",
        "A finned Jellyfish in which one base line has at most one place in the columns: "
        "the fin stands in for the missing one.",
        (
            "The sashimi form of the four-line fish: one row counts on the fin to complete "
            "the pattern. The deduction is that of the finned Jellyfish.",
        ),
        "As for a finned Jellyfish, but allow one row to have a single place in the cover columns.",
    ),
    Entry(
        "Sue de Coq",
        "Where a box meets a line, a few cells with extra digits split their digits between "
        "the line and the box, so both lose them.",
        (
            "Take two or three open cells where a box meets a row or column, holding at least "
            "two more digits than there are cells. Add cells from the rest of the line and "
            "from the rest of the box, with no digit in common between those two groups, so "
            "that all the cells together hold exactly as many digits as there are cells.",
            "Then every one of those digits is in exactly one of the cells: the line group's "
            "digits stay in the line, the box group's in the box. The rest of the line loses "
            "the line group's digits, the rest of the box the box group's, and both lose the "
            "other digits of the intersection.",
        ),
        "Look where a box crosses a line at cells with many candidates, and search the line "
        "and the box for two-candidate cells that cover their digits.",
    ),
    Entry(
        "Multi-colouring",
        "Colour two clusters of one digit's strong links: when colours of the two clusters "
        "see each other, the opposite colours give eliminations.",
        (
            "Colour each cluster of one digit's strong links in two colours, as in simple "
            "colouring: in each cluster one colour is true. If a cell of colour a in one "
            "cluster sees a cell of colour b in another, a and b cannot both be true, so the "
            "opposite colour of a or the opposite of b is.",
            "A cell that sees both of those opposite colours loses the digit; and a colour "
            "that sees both colours of another cluster is false. It rates 6.7, a tenth above "
            "an X-chain, plus a chain's tenths for the length of its longest chain, and is "
            "used in hints, not in the grade.",
        ),
        "After simple colouring finds nothing for a digit, colour a second cluster and look "
        "for cells of the two clusters that see each other.",
    ),
    Entry(
        "Grouped X-chain",
        "An X-chain in which some nodes are groups: two or three cells of a box on one line "
        "that hold the digit.",
        (
            "For one digit, a group is its places in one box on one row or column. A group "
            "can be linked like a cell: strongly when the group and one other place (or "
            "group) are the only places in a unit, weakly when they see each other.",
            "With groups, chains reach where single cells cannot. As with an X-chain, one end "
            "holds the digit and cells that see both ends lose it.",
        ),
        "When a digit's places in a box line up in one row or column, treat them as one node "
        "and try to chain through it.",
    ),
    Entry(
        "3D Medusa",
        "Colour the candidates of every digit along strong links in cells and units; a colour "
        "that breaks a rule is false, and a candidate that sees both colours goes.",
        (
            "Start from a candidate and colour along strong links: the other place of its "
            "digit in a unit with two places, and the other digit of a cell with two "
            "candidates, alternating two colours. One colour is true throughout.",
            "A colour is false when two of its candidates share a cell, or put one digit twice "
            "in a unit, or when a cell's every candidate sees it. An uncoloured candidate goes "
            "when it sees both colours on its digit, or its cell holds both colours, or it "
            "sees one colour and its cell holds the other. Used in hints, not in the grade.",
        ),
        "Begin at a cell with two candidates, colour through pairs and two-place units, then "
        "check for a clash or for candidates caught between colours.",
    ),
    Entry(
        "Grouped AIC",
        "An alternating inference chain that also runs through groups: a digit's places in "
        "one box and line counted as one node.",
        (
            "An AIC, mixing links within cells and links on one digit, where some nodes are "
            "groups of two or three cells of a box on one line. The group is true when one "
            "of its cells holds the digit. A link may also run through an almost locked set "
            "(N cells of a unit holding N + 1 digits): when one of its digits is ruled out, "
            "the others are locked in its cells.",
            "One of the two ends is true, so candidates that see both go.",
        ),
        "When an AIC almost closes but needs a box's places on one line, use them as one node.",
    ),
    Entry(
        "ALS-XZ",
        "Two almost locked sets sharing a restricted digit x: the digit z they also share is "
        "in one of them.",
        (
            "An almost locked set is N cells of one unit holding N + 1 digits together: take "
            "one digit away and the rest are locked in. Two such sets share a digit x that "
            "cannot be in both (every x of one sees every x of the other).",
            "Whichever set does not hold x is locked on its other digits; if both also hold a "
            "digit z, one of them holds z. A cell that sees every z of both sets loses it.",
        ),
        "Look for two small groups of cells, each with one digit more than cells, whose "
        "shared digit's places all see each other.",
    ),
    Entry(
        "ALS-XY-Wing",
        "Three almost locked sets chained like an XY-Wing: the two outer sets cannot both go "
        "without a digit z, so cells that see every z lose it.",
        (
            "A middle almost locked set shares a restricted digit with each of two other sets "
            "(x with one, y with the other). The middle set cannot give up both, so at least "
            "one outer set is locked on its other digits.",
            "If both outer sets hold z, one of them holds it, and a cell that sees every z "
            "of both loses it.",
        ),
        "Start from an ALS-XZ and see whether a third set can take the role of one of its links.",
    ),
    Entry(
        "ALS chain",
        "A chain of almost locked sets joined by restricted digits: like an AIC whose links "
        "pass through sets of cells.",
        (
            "Each almost locked set works as a node: if the digit that links it to the "
            "previous node is not in it, the set is locked on its other digits, which "
            "switches on its link to the next set. Alternating like an AIC, the chain proves "
            "that one of its ends is true.",
            "Candidates that see both ends go; longer chains rate higher.",
        ),
        "A computer's search more than a person's: chains of ALS-XZ links.",
    ),
    Entry(
        "Death blossom",
        "A stem cell whose every candidate links to an almost locked set (a petal); the "
        "petals share a digit z, which one of them must hold.",
        (
            "For each candidate d of the stem there is an almost locked set whose cells with "
            "d all see the stem. Whatever the stem holds, the petal of that digit loses it "
            "and is locked on its other digits.",
            "If every petal also holds z, one of them must hold it, so cells that see every "
            "petal's z lose z.",
        ),
        "Pick a cell with two or three candidates and look around it for small sets, one per "
        "candidate, sharing one more digit.",
    ),
    Entry(
        "Digit forcing chains",
        "Follow the links from a candidate and from its absence: what both lead to holds, "
        "and a candidate that would contradict itself is false.",
        (
            "Assume a candidate true and follow the strong and weak links as the position "
            "stands; then assume it false and follow again. A conclusion both branches reach "
            "is certain, since the candidate is either true or false.",
            "And if assuming it true would force some other candidate both on and off, it is "
            "false. Rated as the cell and unit forcing chains, by the length of both branches.",
        ),
        "Pick a candidate with strong links on both sides and trace its two branches a few "
        "steps, looking for a common result.",
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
            "cell and says so. A grade counts it at 11.0, as hard as Sudoku Explainer's "
            "deepest nested chains.",
        ),
        "You will only meet it in a hint on a puzzle beyond the engine's budget.",
    ),
)

CATALOG: dict[str, Entry] = {entry.name: entry for entry in _ENTRIES}
BY_SLUG: dict[str, Entry] = {entry.slug: entry for entry in _ENTRIES}


def entries() -> tuple[Entry, ...]:
    """Every entry, in the ratings table's order (easiest first)."""
    return tuple(CATALOG[name] for name in RATINGS if name in CATALOG)


def entry_named(name: object) -> Entry:
    """The entry called `name` (TypeError for a name that is not a str, ValueError for one
    the catalog does not have)."""
    if not isinstance(name, str):
        raise TypeError(f"a technique's name must be a str, not {name!r}")
    if name not in CATALOG:
        raise ValueError(f"unknown technique {name!r}; technique_entries() lists them")
    return CATALOG[name]


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
