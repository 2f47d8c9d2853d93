"""The rules, one module per phase or mechanic.

* ``setup``: the table, the decks, the first initiative and hands (SSA-02..SSA-04).
* ``mulligan``: the once-only hidden mulligan (SSA-04, SSA-18).
* ``turns``: waves, Speeds and the turn order (SSA-05, SSA-06, SSA-10).
* ``acting``: choosing the ship, playing, moving, staying (SSA-07, SSA-08, SSA-19, SSA-20).
* ``grid``: cells, Station layouts, destinations and adjacency.
* ``firing``: compulsory fire, damage, destruction (SSA-09, SSA-11).
* ``secrets``: what a determinisation re-deals, consistently with the table.
* ``victory``: scores, elimination, the stalemate, results (SSA-12..SSA-17).
* ``text``: prompts, descriptions, narration, views and the terminal picture.
"""
