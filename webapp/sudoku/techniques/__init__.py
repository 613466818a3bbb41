"""Human solving techniques, one module per family, each a function (state) -> Step | None.

`webapp.sudoku.logic` puts them in order (easiest first) and is the public entry point; the
modules here share the candidate `Position`, the bitboard `tables` and the `Step` record.
"""
