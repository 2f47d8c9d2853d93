"""Information-set Monte Carlo tree search (single observer).

The search of Cowling, Powley and Whitehouse (2012, "Information Set Monte
Carlo Tree Search"), for any pack, through the contract alone:

* Each iteration samples a determinisation ``d``: a state consistent with
  what the deciding player ``me`` knows (:func:`information_set`, then the
  re-deal of ``resample(me, rng)``, see :class:`Sampler`). The bot never
  reads the real state's hidden facts.
* One tree of atomic actions serves every player's decisions: a node is
  reached by a sequence of actions, whoever took them. Selection uses UCB1
  over the children whose action is legal in ``d``, with *availability
  counts* (how often a child was selectable) in place of the parent's visits.
* A new child is added, then a random rollout plays at most
  ``rollout_steps`` decisions (uniformly random, or by the pack's
  ``rollout_policy``: :attr:`tabletop.Game.search`); the outcome is the final returns if the game
  ended, or else the pack's ``heuristic(d, p)`` for every player ``p`` (its
  ``values(d)`` when it gives one, all players at once; a pack's search value may
  look further than the heuristic, as Station Assault's does in a free for all).
  A pack without a heuristic is played to the end (at most ``max_rollout``
  steps, then a draw is assumed).
* Each node on the path adds the value of the player who took the action
  into it, so every player maximises their own value (any number of players).
* With ``opponents="greedy"`` (the bot's argument, else the pack's
  ``search["opponents"]``, a name or a function of the state giving one; ``"search"``
  by default) the other sides' decisions are
  not searched but played as :class:`~tabletop.bots.GreedyBot` would play them:
  at a rival's node every legal reply is scored once, by the pack's ``heuristic``
  for that rival after it, as the greedy bot scores it (never by ``values``; the
  returns if it ends the game), the scores kept on the node, and the best reply
  is the node's only child while it stays legal (a determinisation in which it
  is not adds the best of those that are). The iterations then go to the
  searcher's own choices against the replies such players make, instead of to
  random first tries of every reply; each iteration costs more (a reply's score
  is a clone, an apply and a value), so fewer fit in the same time. It needs the
  pack's heuristic (without one, or with ``use_heuristic=False``, the rivals are
  searched).
* With ``opponents="adaptive"`` it judges each rival seat by the decisions it saw
  that seat make (:func:`~tabletop.bots.seen_actions`: a pack whose turns are played
  in the open shows them): in a sample of the state before each, was the action taken
  one of the best by the pack's heuristic for that seat, as the greedy bot's would be?
  A seat choosing at random hits them only as often as they are many. Once the odds
  that a seat plays as the greedy bot are 20 to 1 (``GREEDY_ODDS``, a log-likelihood
  ratio against choosing at random), that seat's decisions are modelled as with
  ``"greedy"``; the others, and every seat until then, are searched. While it models a
  rival the search runs ``MODELLED_SHARE`` of its iterations (a modelled iteration does
  more work). The evidence is kept for the game (:meth:`ISMCTSBot.reset` forgets it);
  in a pack that shows no rival's actions it is the plain search.
* A pack's ``search["belief"]`` (:attr:`tabletop.Game.search`), asked once a decision
  with the bot's information set, may re-draw a hidden choice in each determinisation
  the way a player would make it instead of uniformly (Rebellion: the hidden base, where
  the Empire was weakest when the Rebels chose it). ``beliefs=False`` leaves it out: every
  determinisation is the uniform re-deal.
* With ``normalise`` UCB compares mean values rescaled to [0, 1] by the
  lowest and highest value seen in this search, so that a heuristic whose
  moves differ by hundredths weighs more against exploration. It is off by
  default: in short trials against a random player it did not play better.

Budget: ``iterations`` (fully reproducible with a seed) and/or ``time_s``
(seconds per decision; how many iterations fit depends on the machine, so
results with a time budget differ between machines and runs). A decision with
a single legal action is answered at once, without search. The action played is
the root's most visited child; of children visited equally often (a budget
smaller than the number of choices visits many once or twice), the one with the
best mean value.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from math import log, sqrt
from typing import cast

from ..errors import TabletopError
from ..model import Action
from ..rng import Rng
from ..state import State
from .determinise import Sampler, information_set, iter_seen

__all__ = ["ISMCTSBot"]

Heuristic = Callable[[State, int], float]
Policy = Callable[[State, Rng], Action]
Values = Callable[[State], list[float]]
Belief = Callable[[State, int], Callable[[State, Rng], None] | None]

OPPONENTS = ("search", "greedy", "adaptive")
"""How the search plays the other sides' decisions (``opponents``): ``search``, by the
same tree search as its own; ``greedy``, as the greedy bot would; ``adaptive``, as the
greedy bot would for each rival seat whose decisions so far were the greedy bot's, by
search for the others (see the module)."""

GREEDY_HIT = 0.6
"""``adaptive``: how often a greedy rival's decision is taken to be one of the best by the
pack's value in the bot's own sample of the state before it, beyond chance (the rival
knew its hidden cards, the bot draws them, so not always)."""
GREEDY_ODDS = 3.0
"""``adaptive``: the log-likelihood ratio, greedy rival against a rival choosing at random,
from which a rival seat is modelled as greedy (odds of 20 to 1)."""
MODELLED_SHARE = 0.4
"""``adaptive``: the share of its iterations the search runs while it models a rival. A
modelled iteration scores every reply at each rival node it adds, about two and a half
times the work of a searched one in Station Assault's free for all of 4 (520 searched
iterations 0.054 s a decision, 520 modelled 0.158 s), so a decision takes about as long
either way."""
SETTLED = 12.0
"""``adaptive``: beyond this ratio either way a seat's decisions are no longer scored."""
DRAWS = 16
"""``adaptive``: samples of the state before a rival's decision drawn to find one in which
the action it took is legal (it may need cards the bot did not know it had)."""


class _Node:
    __slots__ = ("avail", "children", "player", "scores", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player  # who took the action that leads here
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.scores: dict[Action, float] | None = None  # a modelled rival's, per reply


class ISMCTSBot:
    """Information-set MCTS; seeded, never reads hidden information.

    >>> from tabletop.bots import ISMCTSBot
    >>> bot = ISMCTSBot(iterations=200, seed=1)
    """

    def __init__(
        self,
        iterations: int | None = None,
        time_s: float | None = None,
        seed: int = 0,
        *,
        exploration: float | None = None,
        rollout_steps: int | None = None,
        max_rollout: int = 2000,
        use_heuristic: bool = True,
        normalise: bool = False,
        opponents: str | None = None,
        beliefs: bool = True,
    ) -> None:
        if iterations is None and time_s is None:
            iterations = 200
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {iterations}")
        if time_s is not None and time_s <= 0:
            raise ValueError(f"time_s must be positive, got {time_s}")
        if rollout_steps is not None and rollout_steps < 0:
            raise ValueError(f"rollout_steps must be 0 or more, got {rollout_steps}")
        if exploration is not None and exploration < 0:
            raise ValueError(f"exploration must be 0 or more, got {exploration}")
        if opponents is not None and opponents not in OPPONENTS:
            raise ValueError(f"opponents must be one of {', '.join(OPPONENTS)}, got {opponents!r}")
        self.iterations = iterations
        self.time_s = time_s
        self.seed = seed
        self.exploration = exploration
        self.rollout_steps = rollout_steps
        self.max_rollout = max_rollout
        self.use_heuristic = use_heuristic
        self.normalise = normalise
        self.opponents = opponents
        self.beliefs = beliefs
        self.rng = Rng(seed)
        self.last_iterations = 0
        """Iterations run by the last :meth:`choose` (0 when the action was forced)."""
        self.evidence: list[float] = []
        """``adaptive``: per seat, the log-likelihood ratio of its decisions seen so far in
        this game, played as the greedy bot would against at random (0 for the bot's own
        side and for seats never seen)."""
        self._seen: tuple[object, int] | None = None  # (the game's key, the next step to read)

    def __repr__(self) -> str:
        budget = []
        if self.iterations is not None:
            budget.append(f"iterations={self.iterations}")
        if self.time_s is not None:
            budget.append(f"time_s={self.time_s}")
        model = "" if self.opponents is None else f", opponents={self.opponents!r}"
        if not self.beliefs:
            model += ", beliefs=False"
        return f"ISMCTSBot({', '.join(budget)}, seed={self.seed}{model})"

    def choose(self, state: State) -> Action:
        me = state.current_player
        actions = state.legal_actions()
        if me is None or not actions:
            raise TabletopError("ISMCTSBot.choose: the game is over, there is nothing to choose")
        self.last_iterations = 0
        if len(actions) == 1:
            return actions[0]
        heuristic: Heuristic | None = state.game.heuristic if self.use_heuristic else None
        pack = state.game.search
        c = self.exploration if self.exploration is not None else pack.get("exploration", 0.7)
        steps = self.rollout_steps
        if steps is None:
            steps = pack.get("rollout_steps", 4)
        policy: Policy | None = pack.get("rollout_policy")
        leaf: Values | None = pack.get("values") if heuristic is not None else None
        model = self.opponents
        if model is None:  # the pack's default, which may depend on the game's options
            model = pack.get("opponents", "search")
            if callable(model):
                model = model(state)
        # per seat, whether its decisions are modelled (None: none; the model needs the
        # pack's value)
        modelled: list[bool] | None = None
        if heuristic is not None and model == "greedy":
            side = state.side_of(me)
            modelled = [state.side_of(p) != side for p in range(state.num_players)]
        limit = self.iterations
        if heuristic is not None and model == "adaptive":
            modelled = self._adapt(state, me, heuristic)
            if modelled is not None and limit is not None:
                limit = max(1, round(limit * MODELLED_SHARE))
        info = information_set(state, me)
        belief: Belief | None = pack.get("belief") if self.beliefs else None
        sampler = Sampler(info, me, self.rng, belief(info, me) if belief is not None else None)
        root = _Node(me)
        rng = self.rng
        bounds = [math.inf, -math.inf]
        deadline = None if self.time_s is None else time.perf_counter() + self.time_s
        n = 0
        while True:
            self._iterate(sampler, root, rng, heuristic, bounds, c, steps, policy, leaf, modelled)
            n += 1
            if limit is not None and n >= limit:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = n
        best = actions[0]
        best_key = (-1, -math.inf)
        for a in actions:  # the root's legal actions are the bot's own
            child = root.children.get(a)
            key = (child.visits, child.total / child.visits) if child else (0, -math.inf)
            if key > best_key:  # the most visited; of equals, the best mean value
                best, best_key = a, key
        return best

    def reset(self, seed: int | None = None) -> None:
        """Start a new game: forget the evidence about the rivals (and reseed, with
        ``seed``)."""
        if seed is not None:
            self.seed = seed
            self.rng = Rng(seed)
        self.evidence = []
        self._seen = None

    def _adapt(self, state: State, me: int, heuristic: Heuristic) -> list[bool] | None:
        """``adaptive``: which seats to model as greedy, from the rivals' decisions seen
        since the last call (:func:`~tabletop.bots.seen_actions`; none in a pack that shows
        no rival's actions). Each decision of a rival's with a choice is weighed once: in
        a sample of the state before it in which the action it took is legal, is that
        action one of the best by the pack's value for it, as the greedy bot's would be?
        A rival choosing at random hits them as often as they are many; a greedy rival
        ``GREEDY_HIT`` of the time more."""
        if type(state)._action_seen is State._action_seen:
            return None  # the pack shows a seat its own side's actions only
        n = state.num_players
        # a new game (or a bot moved to another seat or an earlier point): start again;
        # the step is public (a view's ``step``), as is everything in the key
        key = (type(state), state.options, me)
        seen = self._seen
        length = len(state.history)
        if seen is None or seen[0] != key or seen[1] > length:
            self.evidence = [0.0] * n
            seen = (key, 0)
        self._seen = (key, length)
        evidence = self.evidence
        side = state.side_of(me)
        rivals = [p for p in range(n) if state.side_of(p) != side]

        def open_seat(p: int) -> bool:  # a rival not yet settled
            return p in rivals and abs(evidence[p]) < SETTLED

        if any(map(open_seat, rivals)):
            try:
                for s in iter_seen(state, me, seen[1], open_seat):
                    p = s.seat
                    evidence[p] += _weigh(s.before, s.action, p, me, self.rng, heuristic)
                    if not any(map(open_seat, rivals)):
                        break  # every rival settled: the rest of the game is not read
            except TabletopError:
                pass  # a state without a record: no evidence
        if not any(e >= GREEDY_ODDS for e in evidence):
            return None
        return [e >= GREEDY_ODDS and state.side_of(p) != side for p, e in enumerate(evidence)]

    def _iterate(
        self,
        sampler: Sampler,
        root: _Node,
        rng: Rng,
        heuristic: Heuristic | None,
        bounds: list[float],
        c: float,
        rollout_steps: int,
        policy: Policy | None,
        leaf: Values | None,
        modelled: list[bool] | None,
    ) -> None:
        d = sampler.sample()
        node = root
        path: list[_Node] = []
        lo, hi = bounds
        if self.normalise and hi > lo:
            shift, scale = lo, 1.0 / (hi - lo)
        else:
            shift, scale = 0.0, 1.0
        # selection and expansion
        while not d.is_terminal:
            legal = d._legal_list()
            player = d.current_player
            assert player is not None
            children = node.children
            # Each legal action's child (None: untried), looked up once: hashing an
            # action is a Python call in many packs, and a node has dozens of them.
            found = list(map(children.get, legal))
            if modelled is not None and modelled[player]:  # a rival's decision, modelled
                a, kept = _modelled_reply(d, node, legal, found, player, heuristic)
                child = kept or _Node(player)
                d.apply(a, check=False)
                path.append(child)
                if kept is None:  # new to the tree: expanded
                    children[a] = child
                    break
                node = child
                continue
            if None in found:
                untried = [a for a, ch in zip(legal, found) if ch is None]
                a = untried[rng.below(len(untried))]
                child = _Node(player)
                children[a] = child
                d.apply(a, check=False)
                path.append(child)
                break
            kids = cast(list[_Node], found)  # every one tried
            best_a = legal[0]
            best_child = kids[0]
            best_v = -math.inf
            for a, ch in zip(legal, kids):
                ch.avail = avail = ch.avail + 1
                visits = ch.visits
                v = (ch.total / visits - shift) * scale + c * sqrt(log(avail) / visits)
                if v > best_v:
                    best_v, best_a, best_child = v, a, ch
            d.apply(best_a, check=False)
            path.append(best_child)
            node = best_child
        # rollout
        steps = 0
        cap = rollout_steps if heuristic is not None else self.max_rollout
        while not d.is_terminal and steps < cap:
            if policy is not None:
                d.apply(policy(d, rng), check=False)
            else:
                legal = d._legal_list()
                d.apply(legal[rng.below(len(legal))], check=False)
            steps += 1
        if d.is_terminal:
            values = d.returns()
        elif leaf is not None:
            values = leaf(d)
        elif heuristic is not None:
            values = [heuristic(d, p) for p in range(d.num_players)]
        else:
            values = [0.0] * d.num_players
        # backpropagation
        bounds[0] = min(bounds[0], *values)
        bounds[1] = max(bounds[1], *values)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.total += values[n.player]


def _modelled_reply(
    d: State,
    node: _Node,
    legal: list[Action],
    found: list[_Node | None],
    player: int,
    heuristic: Heuristic | None,
) -> tuple[Action, _Node | None]:
    """A rival's reply at ``node`` as the greedy bot would play it, and its child
    (``None``: new to the tree); ``found`` is each legal reply's child. A reply already
    in the tree and legal in ``d`` is kept (the best scored of them); else every legal
    reply is scored once (the pack's ``heuristic`` for ``player`` after it, as the greedy
    bot scores it, or the returns), the scores kept on the node, and the best is
    added."""
    scores = node.scores
    if scores is None:
        scores = node.scores = {}
    best: Action | None = None
    best_child: _Node | None = None
    best_v = -math.inf
    for a, ch in zip(legal, found):
        if ch is not None:
            v = scores.get(a, 0.0)
            if best_child is None or v > best_v:
                best, best_child, best_v = a, ch, v
    if best_child is not None:
        assert best is not None
        return best, best_child
    if len(legal) == 1:
        return legal[0], None
    for a in legal:
        got = scores.get(a)
        if got is not None:
            v = got
        else:
            v = scores[a] = _reply_value(d, a, player, heuristic)
        if v > best_v:
            best, best_v = a, v
    assert best is not None
    return best, None


def _reply_value(d: State, a: Action, player: int, heuristic: Heuristic | None) -> float:
    """``player``'s value after ``a`` in ``d`` as the greedy bot scores it: the pack's
    ``heuristic`` (never the search's ``values``, which may look further), or the
    returns if it ends the game."""
    after = d.clone()
    after.apply(a, check=False)
    if after.is_terminal:
        return after.returns()[player]
    assert heuristic is not None
    return heuristic(after, player)


def _weigh(
    before: State,
    action: Action,
    player: int,
    me: int,
    rng: Rng,
    heuristic: Heuristic,
) -> float:
    """The log-likelihood ratio of ``player`` taking ``action`` in ``before`` (what ``me``
    knew then) as the greedy bot against at random: 0 when no sample of ``before`` has it
    legal or there was no choice."""
    sampler = Sampler(before, me, rng)
    for _ in range(DRAWS):
        d = sampler.sample()
        legal = d._legal_list()
        if action in legal:
            break
    else:
        return 0.0
    if len(legal) < 2:
        return 0.0
    scores = [_reply_value(d, a, player, heuristic) for a in legal]
    top = max(scores)
    best = sum(1 for v in scores if v >= top - 1e-9)
    chance = best / len(legal)  # a random player's chance to take one of the best
    if chance >= 1.0:
        return 0.0
    # a greedy rival takes one of the best here GREEDY_HIT of the time, and otherwise
    # any action (as far as this sample can tell)
    if scores[legal.index(action)] >= top - 1e-9:
        return math.log((GREEDY_HIT + (1.0 - GREEDY_HIT) * chance) / chance)
    return math.log(1.0 - GREEDY_HIT)
