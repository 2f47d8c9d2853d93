"""The rules, one module per phase or mechanic.

* :mod:`.units`: where a card is, who controls it, its ratings in a battle.
* :mod:`.turn`: draw, activation, deploy, end phase and hand limit.
* :mod:`.attack`: declaring groups, Surprise Attack, Ion Cannon, blocks, Trap,
  unblocked groups.
* :mod:`.battle`: Psi exchanges, comparing values, the winner's losses.
* :mod:`.effects`: the Act and State cards, looked up by their effect tag.
* :mod:`.flow`: the step machine that ties the phases together.
"""
