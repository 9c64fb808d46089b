"""Monte Carlo tree search (UCT) over the rules contract, with determinization.

One tree per decision, searched by single-observer information-set MCTS (Cowling, Powley and
Whitehouse 2012): every iteration draws a fresh determinization with
``game.sample_hidden(state, seat, rng)``, walks the tree along the moves that are legal in
that world, adds one node, plays a random game on from there and backs the result up.  A
node's children are keyed by move, so one tree gathers what the seat's own move is worth
across many possible hidden hands, not in one guessed world (a tree per world would spend
the whole budget on a few guesses, and fuse their strategies anyway).  A child is judged
among the iterations in which it was legal (its ``avail`` count stands in for the parent's
visits in the UCB formula).

A game that hides nothing from ``seat`` returns the state itself from ``sample_hidden``; the
tree then keeps every node's state and moves and the search is plain UCT.

Rewards are per seat in 0..1 (a win 1, a draw 0.5, a loss 0; partners share a result), and
each node keeps the reward of the seat that moved into it, so the search works for any
number of seats and teams (max-n).  Playouts stop after ``playout_plies`` and ask the
game's heuristic, when there is one; without one they run to the end (at most
``MAX_PLIES``, then a draw).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from controller.ai.budget import Budget, Deadline
from controller.ai.engine import Decision, begin
from controller.rules.base import Game, Outcome, Seat

Rewards = Mapping[Seat, float]
Heuristic = Callable[[Any], Rewards]
"""An estimate of a running position: per seat, its chance to win, 0..1."""
Policy = Callable[[Game[Any, Any], Any, random.Random], Any]
"""The move a playout makes in a position (a legal one)."""

MAX_PLIES = 1000


def outcome_rewards(outcome: Outcome, seats: tuple[Seat, ...]) -> dict[Seat, float]:
    if outcome.is_draw:
        return dict.fromkeys(seats, 0.5)
    return {s: 1.0 if s in outcome.winners else 0.0 for s in seats}


def random_policy(game: Game[Any, Any], state: Any, rng: random.Random) -> Any:
    moves = game.legal_moves(state)
    return moves[rng.randrange(len(moves))]


@dataclass(frozen=True, slots=True)
class MctsConfig:
    """``exploration``: the UCB constant for rewards in 0..1; ``playout_plies``: where a
    playout stops and the heuristic judges (ignored without a heuristic)."""

    name: str = "mcts"
    exploration: float = 0.7
    playout_plies: int = 40
    heuristic: Heuristic | None = None
    policy: Policy = random_policy


class Node:
    __slots__ = ("avail", "children", "end", "move", "moves", "reward", "seat", "state",
                 "untried", "visits")

    def __init__(self, move: Any, seat: Seat | None) -> None:
        self.move = move
        self.seat = seat              # who made ``move`` (whose reward the node keeps)
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0                # iterations in which ``move`` was legal here
        # Kept only when nothing is hidden (the same state on every visit):
        self.state: Any = None
        self.moves: tuple[Any, ...] | None = None
        self.untried: list[Any] | None = None
        self.end: dict[Seat, float] | None = None


class _Stopped(Exception):
    """The budget ran out in the middle of an iteration: it is dropped."""


class Mcts:
    """The generic engine: any game of the contract, any number of seats."""

    def __init__(self, config: MctsConfig | None = None) -> None:
        self.config = config or MctsConfig()
        self.name = self.config.name

    def think(self, game: Game[Any, Any], state: Any, seat: Seat, budget: Budget) -> Decision:
        deadline, rng, seen = begin(game, state, seat, budget)
        del state  # from here on only determinizations: the search cannot peek
        moves = tuple(game.legal_moves(seen))
        if len(moves) == 1:
            return Decision(moves[0], self.name, 0, deadline.elapsed())
        win = _winning_move(game, seen, seat, moves, deadline)
        if win is not None:
            return Decision(win, self.name, 0, deadline.elapsed(), 1, 1.0)
        fixed = game.sample_hidden(seen, seat, rng) is seen
        search = _Search(game, self.config, rng, deadline, game.seats(seen))
        root = Node(None, None)
        # The seat's own moves are the same in every determinization (it knows its hand),
        # so the root keeps them even when the worlds below it differ.
        root.state, root.moves, root.untried = seen, moves, list(moves)
        while not deadline.spent():
            world = seen if fixed else game.sample_hidden(seen, seat, rng)
            try:
                search.iterate(root, world, fixed)
            except _Stopped:
                break
            deadline.count()
        best = _best_child(root, moves)
        if best is None:  # no iteration finished: any legal move
            return Decision(moves[rng.randrange(len(moves))], self.name, 0, deadline.elapsed())
        return Decision(best.move, self.name, deadline.nodes, deadline.elapsed(),
                        search.depth, best.reward / best.visits)


def _winning_move(game: Game[Any, Any], state: Any, seat: Seat, moves: tuple[Any, ...],
                  deadline: Deadline) -> Any:
    """A move that wins at once, if there is one (the tree would find a win too, but not
    necessarily the quickest: a player expects the computer to take a win it is offered)."""
    for move in moves:
        outcome = game.outcome(game.play(state, move))
        if outcome is not None and seat in outcome.winners:
            return move
        if deadline.spent():
            break
    return None


def _best_child(root: Node, moves: tuple[Any, ...]) -> Node | None:
    best: Node | None = None
    for m in moves:
        c = root.children.get(m)
        if c is not None and c.visits and (
                best is None or (c.visits, c.reward) > (best.visits, best.reward)):
            best = c
    return best


class _Search:
    def __init__(self, game: Game[Any, Any], config: MctsConfig, rng: random.Random,
                 deadline: Deadline, seats: tuple[Seat, ...]) -> None:
        self.game = game
        self.config = config
        self.rng = rng
        self.deadline = deadline
        self.seats = seats
        self.depth = 0

    def iterate(self, root: Node, state: Any, fixed: bool) -> None:
        path = [root]
        node = root
        rewards: Rewards
        while True:
            if fixed or node is root:
                if node.moves is None:
                    self._settle(node)
                if node.end is not None:
                    rewards = node.end
                    break
                assert node.untried is not None and node.moves is not None
                moves = node.moves
                untried = node.untried
            else:
                outcome = self.game.outcome(state)
                if outcome is not None:
                    rewards = outcome_rewards(outcome, self.seats)
                    break
                moves = tuple(self.game.legal_moves(state))
                untried = [m for m in moves if m not in node.children]
            if untried:
                move = untried.pop(self.rng.randrange(len(untried)))
                child = Node(move, self.game.to_move(state))
                node.children[move] = child
                state = self.game.play(state, move)
                if fixed:
                    child.state = state
                child.avail = 1
                path.append(child)
                rewards = self.playout(state)
                break
            node = self._select(node, moves)
            state = node.state if fixed else self.game.play(state, node.move)
            path.append(node)
        self.depth = max(self.depth, len(path) - 1)
        for n in path[1:]:
            n.visits += 1
            n.reward += rewards[n.seat]  # type: ignore[index]
        root.visits += 1

    def _settle(self, node: Node) -> None:
        """Fill in a kept node's outcome or moves on its first visit."""
        outcome = self.game.outcome(node.state)
        if outcome is not None:
            node.end = outcome_rewards(outcome, self.seats)
            node.moves = ()
        else:
            node.moves = tuple(self.game.legal_moves(node.state))
            node.untried = list(node.moves)

    def _select(self, node: Node, moves: tuple[Any, ...]) -> Node:
        c = self.config.exploration
        best = node
        best_value = -math.inf
        children = node.children
        for m in moves:
            child = children[m]
            child.avail += 1
            value = child.reward / child.visits + c * math.sqrt(
                math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = child, value
        return best

    def playout(self, state: Any) -> Rewards:
        game, rng, policy = self.game, self.rng, self.config.policy
        heuristic = self.config.heuristic
        limit = self.config.playout_plies if heuristic is not None else MAX_PLIES
        for _ in range(limit):
            outcome = game.outcome(state)
            if outcome is not None:
                return outcome_rewards(outcome, self.seats)
            if self.deadline.spent():
                raise _Stopped
            state = game.play(state, policy(game, state, rng))
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome_rewards(outcome, self.seats)
        if heuristic is not None:
            return heuristic(state)
        return dict.fromkeys(self.seats, 0.5)
