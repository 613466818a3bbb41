"""Find the technique library's data: a worked example and practise seeds per technique.

    .venv/bin/python bench/examples.py                 # search, print what was found
    .venv/bin/python bench/examples.py --write         # ... and rewrite techniques/examples.py
    .venv/bin/python bench/examples.py --write --jobs 2 --attempts 1000 --scale 2
    .venv/bin/python bench/examples.py --write --keep-seeds   # examples only
    .venv/bin/python bench/examples.py --write --keep-seeds --only "Naked single"   # one example
    .venv/bin/python bench/examples.py --write --bases --only "Nested forcing chain"  # 3. below

Run it again (with --write) when a technique is added or the grader changes: the tests check
that every stored example still shows its technique and every seed still makes its puzzle.

1. Worked examples: the logical solve of each puzzle of several data sets (easy ones first),
   within the web's grading budget; for every technique, the step that shows it best: the
   lowest rating (a chain's shortest form), then the fewest cells and candidates involved;
   never one whose moves an easier step makes there (made_by_easier: the claiming that
   made an aligned pair exclusion's elimination, the X-chain a multi-colouring ran along).
   A technique whose page says it needs no pencil marks (NO_PENCIL_MARKS: the singles and
   the direct ones) is shown only where no earlier step removed a candidate, so that it holds
   on the placed digits alone, and preferably in the easiest puzzle at the earliest step; at
   such positions it is also looked for directly, shown there when no solve takes it first.
   A technique that no solve takes first (an easier one always comes before it) is then
   looked for directly at the positions of the hard sets' solves (DIRECT_SETS), and shown
   where it applies and the solve takes an easier step (its page says so), preferably where
   that step is hardest: a digit forcing chain found where the solve's next step is a
   claiming is mostly that claiming.
2. Practise seeds: for each technique a grade can name (Entry.graded), generate.practise
   from seed 1 on, up to --seeds seeds that each make a puzzle whose hardest step is that
   technique (the search for one gives up after --attempts seeds). The techniques the grader
   leaves out (hints only) get none: no generated puzzle is graded by them.
3. Known puzzles to copy (PRACTISE_BASES), with --bases: for the techniques still without a
   seed (those of --only alone, if given), up to --seeds puzzles of the hardest sets and the
   SE-rated one (BASE_SETS) whose hardest step they are, in the grade and in the solve path;
   the seeds of those techniques are then searched again, from shuffled copies of these
   puzzles. The stored ones are kept otherwise.

With the defaults it takes about eight minutes on two cores, and a few more for the direct
search while techniques are still without an example; --scale reads more of the sets and
--attempts searches longer for the rare techniques' seeds.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from functools import cache, partial
from multiprocessing import Pool
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.data import data_path, missing, read_puzzles
from webapp.sudoku.board import DIGITS_OF, Grid, candidates, cell_name, parse, to_line
from webapp.sudoku.generate import (
    GRADING_BUDGET,
    LEVEL_NAMES,
    NotFound,
    practise,
    search,
    technique_target,
)
from webapp.sudoku.grade import grade, level_of
from webapp.sudoku.logic import EASIEST, SEARCHES, STEP_BUDGET, TECHNIQUES, Search
from webapp.sudoku.ratings import RATINGS
from webapp.sudoku.search import OutOfBudget
from webapp.sudoku.techniques.catalog import CATALOG, entries, entry_for
from webapp.sudoku.techniques.examples import (
    EXAMPLES,
    NO_PENCIL_MARKS,
    PRACTISE,
    PRACTISE_BASES,
    Base,
    Example,
)
from webapp.sudoku.techniques.position import Position
from webapp.sudoku.techniques.step import Step
from webapp.sudoku.walkthrough import Moment, find_technique, walkthrough, worked_example

TARGET = Path(__file__).resolve().parents[1] / "webapp" / "sudoku" / "techniques" / "examples.py"
SETS = {  # file: how many puzzles to read (None: all), easiest sets first
    "norvig_easy50.txt": None,
    "kaggle_sample.txt": None,
    "royle_17clue.txt": 2000,
    "norvig_top95.txt": None,
    "magictour_top1465.txt": 800,
    "forum_hardest_1106.txt": 150,
    "named_hardest.txt": None,
    "norvig_sudoku10k.txt": 1500,
    "se_rated_calibration.tsv": None,  # the only set whose solves take a BUG type 3 first
}

DIRECT_SETS = {  # where techniques no solve takes first are looked for directly
    "norvig_top95.txt": None,
    "magictour_top1465.txt": None,
    "forum_hardest_1106.txt": 60,
}

# Where PRACTISE_BASES come from: the hardest sets, then the SE-rated one (mid-level puzzles
# whose hardest steps are the rare patterns: BUG type 3, hidden quad, aligned pair exclusion)
BASE_SETS = ("forum_hardest_1106.txt", "magictour_top1465.txt", "se_rated_calibration.tsv")

NO_PRACTISE = ("Solution lookup",)  # the engine's way out: nothing to show or practise
SINGLES_TOP = RATINGS["Naked single"].rating  # steps up to this: singles and direct ones

# (what is best first), technique, the step's number in its solve, and the step where made
Offer = tuple[tuple[float, ...], str, int, Moment]
Found = tuple[tuple[float, ...], str, Example, Moment]  # the same, with the example to store
SHORTLIST = 5  # the best steps of a technique one puzzle offers
KEEP = 100  # the best of a technique the search keeps, until it picks one (see _fitting)
EASIER_STEPS = 30  # steps of one row made_by_easier looks at, at most


def examples_in(job: tuple[str, int, str]) -> list[Found]:
    """The best steps of each technique in one puzzle's solve (SHORTLIST of them, best
    first); for a technique of NO_PENCIL_MARKS, only at positions no earlier step removed a
    candidate from (its own step there first, else one found directly), easiest puzzle and
    earliest step first."""
    name, line, text = job
    puzzle = parse(text)
    moments = walkthrough(puzzle).moments
    level = _level(max((m.step.rating for m in moments), default=0.0))
    offers: list[Offer] = []

    def offer(key: tuple[float, ...], technique: str, number: int, shown: Moment) -> None:
        offers.append((key, technique, number, shown))

    for number, moment in enumerate(moments, 1):
        step = moment.step
        entry = entry_for(step.technique, step.rating)
        plain = _plain(moment)
        if plain:
            for technique in sorted(NO_PENCIL_MARKS - {entry.name if entry else ""}):
                found = find_technique(
                    moment.grid, moment.cands, CATALOG[technique], {technique}, puzzle
                )
                if found is not None and found.rating > step.rating:  # the page says so
                    shown = Moment(found, moment.grid, moment.cands)
                    offer((1, level, number, _size(found)), technique, number, shown)
        if entry is None or entry.name in NO_PRACTISE:
            continue
        if entry.name in NO_PENCIL_MARKS:
            if plain:
                offer((0, level, number, _size(step)), entry.name, number, moment)
        else:
            offer((_ungrouped(step), step.rating, _size(step)), entry.name, number, moment)
    return _found(name, line, text, offers)


def _found(name: str, line: int, text: str, offers: list[Offer]) -> list[Found]:
    """The SHORTLIST best of each technique's offers in one puzzle, as examples."""
    return [
        (key, technique, _example(name, line, text, number, shown.grid, shown.cands), shown)
        for key, technique, number, shown in _shortlist(offers, SHORTLIST)
    ]


Listed = TypeVar("Listed", Offer, Found)


def _shortlist(offers: list[Listed], count: int) -> list[Listed]:
    """The `count` best of each technique's offers, best first (the first offered of equals)."""
    out: list[Listed] = []
    for technique in dict.fromkeys(found[1] for found in offers):
        mine = [found for found in offers if found[1] == technique]
        out += sorted(mine, key=lambda found: found[0])[:count]
    return out


def _fitting(shortlist: list[Found]) -> Example | None:
    """The best example of a technique's shortlist whose moves no easier step makes
    (made_by_easier); those before it leave the list."""
    while shortlist:
        _, technique, example, moment = shortlist[0]
        easier = made_by_easier(moment, parse(example.puzzle))
        if easier is None:
            return example
        print(
            f"  {technique}: passed over {example.source}, step {example.step}, where "
            f"{easier.technique} makes its moves",
            file=sys.stderr,
        )
        del shortlist[0]
    return None


def made_by_easier(moment: Moment, puzzle: Grid) -> Step | None:
    """An easier step that makes every move of `moment`'s step at its position, or None: a
    step of a technique rated lower in the catalog, itself rated lower (a long chain of an
    easier kind can be the harder step), and not a trial (a trial can prove anything).

    Each row of the engine's tables is asked in turn; while it gives an easier step that only
    removes candidates, those are removed and it is asked again, so its other steps come up
    too (a later one may rest on the ones before). The example of a technique whose moves an
    easier one makes teaches little: the claiming that made an aligned pair exclusion's
    elimination, the X-chain a multi-colouring ran along."""
    step = moment.step
    entry = _entry(step.technique, step.rating)
    if entry is None:
        return None
    rows = [row for _, row in TECHNIQUES]
    rows += [
        partial(_searched, search) for name, search in SEARCHES if EASIEST[name] < entry.rating
    ]
    start = Position.from_grid(moment.grid, moment.cands, puzzle)
    moves = (set(step.placements), set(step.eliminations))
    for row in rows:
        position = start.copy()
        for _ in range(EASIER_STEPS):
            found = row(position)
            if found is None or found.last_resort or found.rating >= step.rating:
                break
            easier = _entry(found.technique, found.rating)
            if easier is None or easier.rating >= entry.rating:
                break
            if moves[0] <= set(found.placements) and moves[1] <= set(found.eliminations):
                return found
            if found.placements:
                break
            position.apply((), found.eliminations)
    return None


_entry = cache(entry_for)  # asked for every step made_by_easier looks at


def _searched(search: Search, position: Position) -> Step | None:
    """A search's step, None when it runs out of nodes."""
    try:
        return search(position, STEP_BUDGET.start())
    except OutOfBudget:
        return None


def _ungrouped(step: Step) -> int:
    """1 for a grouped AIC without a group node (it runs through almost locked sets only),
    which shows less of what its page teaches; else 0."""
    if step.technique != "Grouped AIC":
        return 0
    for chain in step.chains:
        nodes = chain.nodes
        for i, node in enumerate(nodes):
            beside_als = node.als or (i + 1 < len(nodes) and nodes[i + 1].als)
            if len(node.cells) > 1 and not beside_als:
                return 0
    return 1


def _plain(moment: Moment) -> bool:
    """Whether no earlier step removed a candidate: each empty cell's are the grid's own."""
    own = candidates(moment.grid)
    return all(
        cands == (0 if digit else mask)
        for digit, cands, mask in zip(moment.grid, moment.cands, own, strict=True)
    )


def _level(rating: float) -> int:
    """The number of a rating's level, 0 for Easy."""
    return LEVEL_NAMES.index(level_of(rating))


def _size(step: Step) -> int:
    """The cells and candidates a step involves."""
    return len(step.cells) + len(step.eliminations) + len(step.placements)


def _example(name: str, line: int, text: str, number: int, grid: Grid, cands: Grid) -> Example:
    plain = candidates(grid)
    removed = " ".join(
        f"{d}{cell_name(c)}"
        for c in range(81)
        if not grid[c]
        for d in DIGITS_OF[plain[c] & ~cands[c]]
    )
    return Example(f"{name}, line {line}", text, number, to_line(grid), removed)


def direct_examples_in(job: tuple[str, int, str, tuple[str, ...]]) -> list[Found]:
    """For each of the techniques `wanted`, the best steps of it found directly (whatever
    easier steps there are) at the positions of one puzzle's solve (for techniques harder
    than a single, those where a single does not come next), SHORTLIST of them, best first."""
    name, line, text, wanted = job
    puzzle = parse(text)
    offers: list[Offer] = []
    for number, moment in enumerate(walkthrough(puzzle).moments, 1):
        for technique in wanted:
            if moment.step.rating <= SINGLES_TOP < CATALOG[technique].rating:
                continue  # where a single comes next: only the direct techniques are cheap
            if technique in NO_PENCIL_MARKS and not _plain(moment):
                continue  # its page says the placed digits are enough
            step = find_technique(moment.grid, moment.cands, CATALOG[technique], puzzle=puzzle)
            if step is None or step.rating <= moment.step.rating:
                continue  # its page says the solve takes an easier step there: it must
            size = _size(step)
            # Where the solve needs most (so no simpler pattern does the step's work), then
            # the lowest rating and the fewest cells and candidates.
            key = (-moment.step.rating, step.rating, size)
            offers.append((key, technique, number, Moment(step, moment.grid, moment.cands)))
    return _found(name, line, text, offers)


def _work(sets: dict[str, int | None], scale: float) -> list[tuple[str, int, str]]:
    work = []
    for order, (name, count) in enumerate(sets.items()):
        if missing(name):
            print(f"skipped {name}: {missing(name)}", file=sys.stderr)
            continue
        lines = _numbered(name)
        limit = len(lines) if count is None else min(len(lines), max(1, int(count * scale)))
        work += [(name, line, text) for line, text in lines[:limit]]
        print(f"{name}: {limit} puzzles (set {order + 1})", file=sys.stderr)
    return work


def _numbered(name: str) -> list[tuple[int, str]]:
    """The puzzles of a set, each with its line in the file (a .tsv file's header is one)."""
    puzzles = read_puzzles(name)
    out: list[tuple[int, str]] = []
    for line, text in enumerate(data_path(name).read_text(encoding="utf-8").splitlines(), 1):
        if len(out) < len(puzzles) and text.split("\t")[0].strip() == puzzles[len(out)]:
            out.append((line, puzzles[len(out)]))
    return out


def find_direct_examples(jobs: int, scale: float, wanted: list[str]) -> dict[str, Example]:
    """Examples of the `wanted` techniques found directly (see direct_examples_in): a few
    puzzles at a time, each technique looked for until a batch finds it (the search is
    costly: every technique and search at every position)."""
    work = _work(DIRECT_SETS, scale)
    shortlists: dict[str, list[Found]] = {}
    best: dict[str, Example] = {}
    started = time.perf_counter()
    with Pool(jobs) as pool:
        for first in range(0, len(work), 4 * jobs):
            left = tuple(name for name in wanted if name not in best)
            if not left:
                break
            batch = [(*job, left) for job in work[first : first + 4 * jobs]]
            for found in pool.map(direct_examples_in, batch, chunksize=1):
                _keep(shortlists, found)
            best = {name: ex for name, kept in shortlists.items() if (ex := _fitting(kept))}
            took = time.perf_counter() - started
            print(
                f"  {first + len(batch)}/{len(work)} puzzles, {took:.0f} s, found "
                f"{', '.join(best) or 'none'}",
                file=sys.stderr,
            )
    return best


def find_examples(jobs: int, scale: float) -> dict[str, Example]:
    work = _work(SETS, scale)
    shortlists: dict[str, list[Found]] = {}
    started = time.perf_counter()
    with Pool(jobs) as pool:
        for done, found in enumerate(pool.imap(examples_in, work, chunksize=8), 1):
            _keep(shortlists, found)
            if done % 500 == 0:
                print(
                    f"  {done}/{len(work)} puzzles, {time.perf_counter() - started:.0f} s",
                    file=sys.stderr,
                )
    return {name: ex for name, kept in shortlists.items() if (ex := _fitting(kept))}


def _keep(shortlists: dict[str, list[Found]], found: list[Found]) -> None:
    """Add one puzzle's offers to each technique's shortlist (KEEP best, the earlier first of
    equals)."""
    for technique in dict.fromkeys(item[1] for item in found):
        mine = shortlists.get(technique, []) + [item for item in found if item[1] == technique]
        shortlists[technique] = _shortlist(mine, KEEP)


def kept(found: dict[str, Example], only: set[str] | None = None) -> dict[str, Example]:
    """The stored examples of techniques this search did not reach (the rare ones found by a
    longer search, e.g. the hidden quad at norvig_sudoku10k line 6201) that still show their
    technique at the same position of their puzzle's solve (and, for NO_PENCIL_MARKS, where no
    earlier step removed a candidate), where no easier step makes its moves (made_by_easier);
    of `only`'s techniques alone, if given."""
    out = {}
    for name, example in EXAMPLES.items():
        if name in found or (only is not None and name not in only):
            continue
        if name in NO_PENCIL_MARKS and example.removed:
            continue
        puzzle = parse(example.puzzle)
        moments = walkthrough(puzzle).moments
        shown = worked_example(name)
        same = (
            example.step <= len(moments) and to_line(moments[example.step - 1].grid) == example.grid
        )
        if same and shown is not None and made_by_easier(shown.moment, puzzle) is None:
            out[name] = example
            print(f"kept the stored example of {name}", file=sys.stderr)
    return out


def seeds_for(job: tuple[str, int, int]) -> tuple[str, tuple[int, ...], float]:
    """Up to `count` seeds that make a practise puzzle for the technique at once."""
    name, count, attempts = job
    started = time.perf_counter()
    seeds: list[int] = []
    seed = 1
    while len(seeds) < count:
        try:
            made = practise(name, seed, max_attempts=attempts)
        except NotFound:
            break
        seeds.append(made.seed)
        seed = made.seed + 1
    return name, tuple(seeds), time.perf_counter() - started


def find_seeds(
    jobs: int, count: int, attempts: int, only: set[str] | None
) -> dict[str, tuple[int, ...]]:
    work = [
        (e.name, count, attempts)
        for e in entries()
        if e.graded and e.name not in NO_PRACTISE and (only is None or e.name in only)
    ]
    found: dict[str, tuple[int, ...]] = {}
    with Pool(jobs) as pool:
        for name, seeds, took in pool.imap_unordered(seeds_for, work):
            print(f"  {name}: {len(seeds)} seeds in {took:.0f} s", file=sys.stderr)
            if seeds:
                found[name] = seeds
    return found


def base_in(job: tuple[str, int, str, frozenset[str]]) -> tuple[str, Base] | None:
    """(technique, the puzzle as a Base) if the puzzle's hardest step is one of `wanted`, in
    its grade and its solve path (what practise asks of a copy), else None."""
    name, line, text, wanted = job
    puzzle = parse(text)
    rated = grade(puzzle, budget=GRADING_BUDGET)
    entry = None if rated.gave_up else entry_for(rated.hardest, rated.rating)
    if entry is None or entry.name not in wanted:
        return None
    solution = search(puzzle, 1, GRADING_BUDGET).solutions[0]
    if not technique_target(entry.name).fits(puzzle, solution, rated):
        return None
    return entry.name, Base(f"{name}, line {line}", text)


def find_bases(jobs: int, count: int, wanted: set[str]) -> dict[str, tuple[Base, ...]]:
    """Up to `count` known puzzles for each of `wanted`, the first in BASE_SETS' order."""
    work = [
        (name, line, text, frozenset(wanted))
        for name in BASE_SETS
        if not missing(name)
        for line, text in _numbered(name)
    ]
    found: dict[str, list[Base]] = {}
    with Pool(jobs) as pool:
        for hit in pool.imap(base_in, work, chunksize=4):
            if hit and len(found.setdefault(hit[0], [])) < count:
                found[hit[0]].append(hit[1])
            if len(found) == len(wanted) and all(len(b) == count for b in found.values()):
                break
    for name in sorted(wanted):
        print(f"  {name}: {len(found.get(name, []))} known puzzles to copy", file=sys.stderr)
    return {name: tuple(bases) for name, bases in found.items()}


DATA_START = "\nEXAMPLES: dict[str, Example]"  # what comes before it in TARGET is kept


def write(
    examples: dict[str, Example],
    seeds: dict[str, tuple[int, ...]],
    bases: dict[str, tuple[Base, ...]],
) -> str:
    """The text of techniques/examples.py, in the ratings table's order."""
    order = [e.name for e in entries()]
    header = TARGET.read_text(encoding="utf-8").split(DATA_START)[0]
    out = [header, DATA_START, " = {\n"]
    for name in order:
        if name not in examples:
            continue
        source, puzzle, number, grid, removed = examples[name]
        out.append(f"    {name!r}: Example(\n")
        out.append(f"        {source!r},\n")
        out.append(f'        "{puzzle}",\n')
        out.append(f"        {number},\n")
        out.append(f'        "{grid}",\n')
        out.append(_wrapped(removed))
        out.append("    ),\n")
    out.append("}\n\nPRACTISE: dict[str, tuple[int, ...]] = {\n")
    for name in order:
        if name in seeds:
            listed = ", ".join(str(s) for s in seeds[name])
            out.append(f"    {name!r}: ({listed}{',' if len(seeds[name]) == 1 else ''}),\n")
    out.append("}\n\nPRACTISE_BASES: dict[str, tuple[Base, ...]] = {\n")
    for name in order:
        if name in bases:
            listed = "".join(f"        Base({b.source!r}, {b.puzzle!r}),\n" for b in bases[name])
            out.append(f"    {name!r}: (\n{listed}    ),\n")
    out.append("}\n")
    return "".join(out)


def _wrapped(removed: str) -> str:
    """The removed candidates as a (parenthesised, wrapped) string literal line."""
    if len(removed) <= 80:
        return f'        "{removed}",\n'
    words, lines, line = removed.split(), [], ""
    for word in words:
        if line and len(line) + len(word) + 1 > 78:
            lines.append(line + " ")
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    body = "".join(f'            "{part}"\n' for part in lines)
    return f"        (\n{body}        ),\n"


def search_examples(jobs: int, scale: float, only: set[str] | None) -> dict[str, Example]:
    """Every technique's worked example found afresh (or kept, see kept); with `only`, those
    techniques' alone and the rest as stored."""
    found = {
        name: example
        for name, example in find_examples(jobs, scale).items()
        if only is None or name in only
    }
    found.update(kept(found, only))
    wanted = [
        e.name
        for e in entries()
        if e.name not in found and e.name not in NO_PRACTISE and (only is None or e.name in only)
    ]
    if wanted:
        print(f"looking directly for {', '.join(wanted)}", file=sys.stderr)
        found.update(find_direct_examples(jobs, scale, wanted))
    examples = {} if only is None else {n: e for n, e in EXAMPLES.items() if n not in only}
    examples.update(found)
    print(f"examples for {len(examples)} of {len(entries())} techniques", file=sys.stderr)
    return examples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite {TARGET.name}")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--seeds", type=int, default=3, help="practise seeds per technique")
    parser.add_argument("--attempts", type=int, default=400, help="seeds tried per search")
    parser.add_argument("--scale", type=float, default=1.0, help="share of each set to read")
    parser.add_argument(
        "--only",
        default="",
        help="comma-separated techniques: search practise seeds for these alone (no examples; "
        "with --keep-seeds: worked examples for these alone) and keep the rest of the stored "
        "data",
    )
    parser.add_argument(
        "--bases",
        action="store_true",
        help="find known puzzles to copy for the techniques without a practise seed (3.)",
    )
    parser.add_argument(
        "--keep-seeds",
        action="store_true",
        help="search worked examples only, and keep the stored practise seeds",
    )
    args = parser.parse_args()
    only = {name.strip() for name in args.only.split(",") if name.strip()} or None
    if only and only - set(CATALOG):
        parser.error(f"no such technique: {', '.join(sorted(only - set(CATALOG)))}")
    if only and not args.keep_seeds:
        examples = dict(EXAMPLES)
        seeds = dict(PRACTISE)
    else:
        examples = search_examples(args.jobs, args.scale, only)
        seeds = dict(PRACTISE) if args.keep_seeds else {}
    if not args.keep_seeds:
        seeds.update(find_seeds(args.jobs, args.seeds, args.attempts, only))
    bases = dict(PRACTISE_BASES)
    if args.bases:
        unseeded = {e.name for e in entries() if e.graded and e.name not in NO_PRACTISE}
        unseeded -= set(seeds)
        if only:
            unseeded &= only
        bases.update(find_bases(args.jobs, args.seeds, unseeded))
        PRACTISE_BASES.update(bases)  # what practise copies, in this run's worker processes too
        seeds.update(find_seeds(args.jobs, args.seeds, args.attempts, unseeded & set(bases)))
    print(f"practise seeds for {len(seeds)} techniques", file=sys.stderr)
    text = write(examples, seeds, bases)
    if args.write:
        TARGET.write_text(text, encoding="utf-8")
        subprocess.run(
            [sys.executable, "-m", "ruff", "format", "--quiet", str(TARGET)], check=False
        )
        print(f"wrote {TARGET}", file=sys.stderr)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
