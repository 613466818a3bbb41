"""Human solving techniques, one module per family, each a function (position) -> Step | None.

`webapp.sudoku.logic` puts them in order (easiest first) and is the public entry point. The
modules here share the mutable `Position` (position.py), the `Step` record (step.py), the
strong and weak links (links.py) and the contradiction follower (contradiction.py); their
ratings come from webapp/sudoku/ratings.py.
"""
