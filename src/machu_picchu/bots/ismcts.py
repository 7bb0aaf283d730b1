"""The hard bot: Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012).

Each iteration:

1. re-deals what the seat cannot see (the other hands, the unseen deck order): `game.determinize`,
   then the rivals' hands as players keep cards (`redeal.keeping_redeal`: from their summits'
   draws, the cards worth most to them);
2. descends the tree of this seat's own decisions, choosing among the moves available in this
   re-deal by UCB1 with availability counts (plus a fading bias toward the moves the one-step
   look-ahead likes, at the root). Tree nodes are the root decision and the seat's later turn
   decisions (where to move), pruned to the policy's best few moves. The other seats' turns, and
   the small decisions in between (production, sacrifices, market trades, ...), follow the fast
   policy (`playout.Policy`: the medium bot's policy with each seat's values kept through the
   re-deal), with a little noise on turn choices (an open-loop tree: measured stronger than
   putting the other seats' turns in the tree at these iteration counts);
3. adds one node and plays out with the noisy policy, cut at a horizon of a few turns, and scores
   the end with the evaluation (`heuristics.rewards`: 0..1 per seat from projected final scores);
4. backs the score up.

The move played is the root move visited most. The time budget is thinking time per decision
(or an iteration cap, for exact repeatability). Small decisions with an obvious best answer (how
many to produce, which goods to take, market steps) use the medium bot's one-step look-ahead.

Thinking ahead (`ponder`): while another seat decides (a person, in the page), the bot plays that
decision and what follows by the policy in re-deals, up to its own next turn, and searches there
as above: one tree per position it may meet, keyed by what it would see (`view_key`). When that
turn comes, the tree of the position it meets is the start of its search (its iterations count
on top of the budget); the others are dropped. Fair as the search is: it reads the game only
through `determinize(seat)` and `view(seat)`.
"""

from __future__ import annotations

import math
import random
from typing import Optional

from .base import Decision, Thinker, merge_roots, view_key
from .evaluation import rewards
from .medium import MediumBot, finish_turn
from .playout import Policy, play
from .policy import turn_scores
from .reasons import explain
from .redeal import keeping_redeal
from .values import Ctx

SEARCHED = frozenset({"turn", "hire", "acquire", "offer", "sunclock", "return", "setup", "sacrifice"})
SEARCH_SMALL = True   # False: only turn decisions are searched; the rest by one-step look-ahead
UCB_C = 0.7
ROOT_WIDTH = 8        # moves considered at the root
TREE_WIDTH = 5        # moves considered at a turn deeper in the tree
HORIZON_ROUNDS = 2    # play-outs stop after this many turns per player. Shorter ones buy more
                      # iterations (1: about 1.5x, 0: 2.5x) but played worse at the same CPU time:
                      # one table of h2, h1, h0 and medium, 0.25 s, 20 games (seed 5000), h2 won
                      # 10, h1 4, h0 4; h2's final score above h1's by 7.6 +- 4.5 (95%), h0's 5.4 +- 4.7
PLAYOUT_NOISE = 1.5   # width (points) of the uniform noise on the policy's turn scores in play-outs
MAX_DEPTH = 12        # tree depth in turn decisions
SUB_BUDGET = 0.5      # share of the time budget for decisions other than turns
OPPONENTS_IN_TREE = False # False: other seats' turns follow the noisy policy (open loop)
PRIOR_WEIGHT = 0.5    # progressive bias at the root from the one-step evaluation (0: off)
PRIOR_SCALE = 5.0     # points of one-step evaluation that count as a full prior unit
DEFAULT_BUDGET = 1.0
PONDER_TREES = 64     # positions a bot thinks ahead about at most (one tree each)
PONDER_GUARD = 400    # engine actions a thinking-ahead re-deal plays at most to reach the bot


class Node:
    __slots__ = ("children", "visits", "total", "avail", "cands", "prior")

    def __init__(self) -> None:
        self.children: dict = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.cands: Optional[list] = None
        self.prior: Optional[dict] = None


def tree_candidates(g, width: int, ctx: Optional[Ctx] = None) -> list:
    """The policy's best `width` turn moves here (a stay always among them); `ctx`: the seat's
    values here, if built already."""
    legal = g.legal_actions()
    if len(legal) <= width:
        return list(legal)
    if ctx is None:
        ctx = Ctx(g, g.stack[-1][1])
    scores = turn_scores(ctx, legal)
    order = sorted(range(len(legal)), key=lambda i: -scores[i])
    out = [legal[i] for i in order[:width]]
    if not any(a.kind == "stay" for a in out):
        stays = [legal[i] for i in order if legal[i].kind == "stay"]
        if stays:
            out[-1] = stays[0]
    return out


class HardBot(MediumBot):
    level = "hard"

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.time_budget is None and self.iterations is None:
            self.time_budget = DEFAULT_BUDGET
        self.last_stats: dict = {}
        self._ahead: dict = {}      # view_key at the bot's next turn -> the tree thought ahead
        self._last_search: Optional[tuple] = None   # what `with_helpers` re-decides from

    def ponder(self, game, seat: int, budget: Optional[float] = None,
               iterations: Optional[int] = None) -> Thinker:
        """Think ahead for `seat`'s next turn while another seat decides in `game`: a Thinker
        to `step()` in idle time, done after `budget` seconds of thinking or `iterations`
        re-deals (None: until the caller stops stepping it). Its result is None."""
        if game.is_over or game.to_move == seat:
            return Thinker(result=Decision(None, ""))
        rng = random.Random(self.seed * 1_000_003 + view_key(game, seat) + 1)
        thinker = Thinker()
        thinker._gen = self._ponder(game, seat, rng, thinker, budget, iterations)
        return thinker

    def _ponder(self, game, seat, rng, thinker, budget, cap):
        base = keeping_redeal(game, seat, rng).fast_clone()
        horizon = HORIZON_ROUNDS * base.n
        trees = self._ahead
        done = 0
        while (cap is None or done < cap) and (budget is None or thinker.elapsed() < budget):
            done += 1
            g = keeping_redeal(base, seat, rng)
            if play_until_turn(g, seat, rng):
                key = view_key(g, seat)
                root = trees.get(key)
                if root is None and len(trees) < PONDER_TREES:
                    root = trees[key] = Node()
                    root.cands = tree_candidates(g, ROOT_WIDTH)
                if root is not None:
                    self._iterate(g, root, rng, horizon)
                    root.visits += 1     # a root's own count: the iterations thought ahead
            yield
        return Decision(None, "")

    def _think(self, game, seat, rng, thinker):
        if not searched(game.prompt[0]):
            return (yield from super()._think(game, seat, rng, thinker))
        return (yield from self._search(game, seat, rng, thinker))

    # -- helpers: the same search in other threads (root parallel) ------------------------------
    def searches(self, game, seat: int) -> bool:
        """Whether `start(game, seat)` runs the tree search (what helpers can share)."""
        return (not game.is_over and game.to_move == seat and searched(game.prompt[0])
                and len(game.legal_actions()) > 1)

    def root_search(self, game, seat: int, spent: float = 0.0) -> dict:
        """Search `seat`'s decision as a helper of another thread's search of it, `spent`
        seconds of the budget gone already (loading the game): the root's statistics,
        {"iterations": n, "moves": {action text: [visits, total reward]}, "ahead": the
        iterations thought ahead among them} (none if the decision is no search)."""
        if not self.searches(game, seat):
            return {"iterations": 0, "moves": {}, "ahead": 0}
        thinker = self.start(game, seat)
        thinker.spent = spent
        while not thinker.step(3600.0):
            pass
        return {"iterations": self.last_stats["iterations"], "moves": self.last_stats["root"],
                "ahead": self.last_stats["ahead"]}

    def with_helpers(self, answers: list) -> Optional[Decision]:
        """The last searched decision again, the root statistics of helpers' searches of the
        same position (`root_search` answers) added by move text; None if there is none."""
        last = self._last_search
        if last is None:
            return None
        base, seat, legal, cands, prior, moves, iterations, before = last
        by_text = {str(a): a for a in legal}
        merged = merge_roots([{str(a): v for a, v in moves.items()}]
                             + [answer["moves"] for answer in answers])
        ahead = sum(int(answer.get("ahead") or 0) for answer in answers)
        helped = sum(int(answer["iterations"]) for answer in answers) + ahead
        return self._decide(base, seat, legal, cands, prior,
                            {by_text[t]: v for t, v in merged.items() if t in by_text},
                            iterations, before, helped, len(answers), ahead)

    # -- the search -------------------------------------------------------------------------
    def _root_candidates(self, g, seat):
        """Root moves (the policy's best and the one-step evaluation's best) and a prior for
        each: its one-step evaluation below the best one, in units of PRIOR_SCALE points."""
        legal = g.legal_actions()
        kind = g.stack[-1][0]
        policy = None
        if kind == "turn" and self.blend:
            policy = turn_scores(Ctx(g, seat), legal)
        by_eval = []
        for i, action in enumerate(legal):
            c = g.fast_clone()
            c.apply_unchecked(action)
            finish_turn(c)
            v = self.score(c, seat)
            if policy is not None:
                v += self.blend * policy[i]   # the medium bot's own judgement of the move
            by_eval.append((v, action))
            yield None
        top = max(v for v, _a in by_eval)
        prior = {a: (v - top) / PRIOR_SCALE for v, a in by_eval}
        if len(legal) <= ROOT_WIDTH:
            return list(legal), prior
        by_eval.sort(key=lambda x: -x[0])
        out = []
        if kind == "turn":
            out = list(tree_candidates(g, ROOT_WIDTH // 2 + 1))
        for _v, a in by_eval:
            if len(out) >= ROOT_WIDTH:
                break
            if a not in out:
                out.append(a)
        return out, prior

    def _search(self, game, seat, rng, thinker):
        self._last_search = None
        base = keeping_redeal(game, seat, rng).fast_clone()   # no log: the re-deals copy none
        legal = base.legal_actions()
        kind = base.stack[-1][0]
        cands, prior = yield from self._root_candidates(base, seat)
        root = Node()
        root.cands = cands
        root.prior = prior
        ahead = None
        if kind == "turn":          # its turn has come: what was thought ahead is used or stale
            ahead = self._ahead.get(view_key(game, seat)) if self._ahead else None
            self._ahead = {}
        if ahead is not None:       # thought ahead about this very position: go on from there
            for a in cands:
                child = ahead.children.get(a)
                if child is not None:
                    root.children[a] = child
        budget = self.time_budget
        if budget is not None and kind != "turn":
            budget *= SUB_BUDGET
        cap = self.iterations
        n = base.n
        horizon = HORIZON_ROUNDS * n
        iterations = 0
        while True:
            if cap is not None and iterations >= cap:
                break
            if cap is None and thinker.elapsed() >= budget:
                break
            self._iterate(keeping_redeal(base, seat, rng), root, rng, horizon)
            iterations += 1
            yield
        moves = {a: [ch.visits, ch.total] for a, ch in root.children.items()}
        before = ahead.visits if ahead is not None else 0
        self.last_stats = {"iterations": iterations, "time": thinker.elapsed(), "ahead": before,
                           "moves": {str(a): (v, t / max(v, 1)) for a, (v, t) in moves.items()},
                           "root": {str(a): [v, t] for a, (v, t) in moves.items()}}
        self._last_search = (base, seat, legal, cands, prior, moves, iterations, before)
        return self._decide(base, seat, legal, cands, prior, moves, iterations, before)

    def _decide(self, base, seat, legal, cands, prior, moves, iterations, before,
                helped=0, helpers=0, helped_ahead=0) -> Decision:
        """The root move visited most (`moves`: action -> [visits, total reward]) and its reason;
        `helped`: the iterations of `helpers` other searches counted in `moves`, `helped_ahead`
        of them thought ahead."""
        if not moves:  # no time (or an iteration cap of 0): the one-step choice
            action = max(cands, key=lambda a: prior[a])
            return Decision(action, explain(base, seat, action) + " (no time to search)")
        action, (visits, total) = max(moves.items(),
                                      key=lambda kv: (kv[1][0], kv[1][1] / max(kv[1][0], 1)))
        if action not in legal:  # cannot happen: root moves are legal in every re-deal
            action = legal[0]
        reason = explain(base, seat, action)
        rates = sorted((t / max(v, 1) for a, (v, t) in moves.items() if a is not action),
                       reverse=True)
        share = total / max(visits, 1)
        versus = f" vs {rates[0]:.0%} for the next best" if rates else ""
        games = iterations + before + helped
        futures = f"{games} simulated futures"
        if before:
            futures += f" ({before} thought ahead)"
        if helpers:
            futures += f" ({helped} on {helpers} other core{'s' if helpers > 1 else ''})"
        figures = {"games": games, "ahead": before, "moves": len(moves), "rate": round(share, 2)}
        if helpers:
            figures.update(helped=helped, helpers=helpers, helped_ahead=helped_ahead)
        return Decision(action, f"{reason} (search: {futures} over "
                                f"{len(moves)} moves; rated {share:.0%}{versus})", figures)

    def _iterate(self, g, root: Node, rng, horizon: int) -> None:
        node = root
        path = []
        depth = 0
        me = g.stack[-1][1]
        policy = Policy(g, rng, PLAYOUT_NOISE)
        while not g.over:
            task = g.stack[-1]
            kind = task[0]
            if (kind == "turn" and not OPPONENTS_IN_TREE and task[1] != me and node is not root
                    and depth < MAX_DEPTH):
                policy.turn()
                continue
            if node is root or (kind == "turn" and depth < MAX_DEPTH):
                if kind == "turn":
                    # the seat's values of this turn, for the decisions that follow it (a
                    # market visit, set-ups, ...), as a play-out turn builds them
                    ctx = policy.ctx(task[1], True)
                    if node.cands is None:
                        node.cands = tree_candidates(g, TREE_WIDTH, ctx)
                elif node.cands is None:
                    node.cands = tree_candidates(g, TREE_WIDTH)
                if node is root:
                    avail = node.cands
                else:
                    legal = g._legal   # actions are interned: identity is equality
                    ids = {id(a) for a in legal}
                    avail = [a for a in node.cands if id(a) in ids] or legal[:1]
                children = node.children
                kids = [children.get(a) for a in avail]   # one look-up each (Action hashes
                new = None                                  # in Python)
                for a, ch in zip(avail, kids):
                    if ch is None:
                        new = a
                        break
                if new is not None:
                    child = children[new] = Node()
                    for ch in kids:
                        if ch is not None:
                            ch.avail += 1
                    path.append((child, task[1]))
                    g.apply_unchecked(new)
                    break
                best, best_v, child = None, -1e9, None
                for ch in kids:
                    ch.avail += 1
                prior = node.prior if PRIOR_WEIGHT else None
                for a, ch in zip(avail, kids):
                    v = ch.total / ch.visits + UCB_C * math.sqrt(math.log(ch.avail) / ch.visits)
                    if prior is not None:
                        v += PRIOR_WEIGHT * prior[a] / (ch.visits + 1)
                    if v > best_v:
                        best, best_v, child = a, v, ch
                path.append((child, task[1]))
                g.apply_unchecked(best)
                node = child
                depth += 1
                continue
            policy.step()
        play(policy, horizon)
        values = rewards(g)
        for child, seat in path:
            child.visits += 1
            child.total += values[seat]


def searched(kind: str) -> bool:
    """Whether a decision of this kind is a tree search (else the one-step look-ahead)."""
    return kind in SEARCHED and (kind == "turn" or SEARCH_SMALL)


def play_until_turn(g, seat: int, rng) -> bool:
    """Play on by the policy (turns with noise) until `seat` must take a turn: True then, False
    if the game ends first (or after PONDER_GUARD actions)."""
    policy = Policy(g, rng, PLAYOUT_NOISE)
    for _ in range(PONDER_GUARD):
        if g.over:
            return False
        task = g.stack[-1]
        if task[0] == "turn" and task[1] == seat:
            return True
        policy.step()
    return False
