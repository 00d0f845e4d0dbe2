"""Expert: Hard's knowledge plus search over sampled worlds, within a time budget."""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

from game.engine import Action, EngineError, Event, Kind, SeatView
from game.engine.actions import OUT_OF_TURN
from game.engine.cards import CARD_FACE

from .hard import HardPlayer
from .knowledge import COL
from .mirror import Mirrors
from .reasons import GENERIC, Reason, best_reason
from .search import SearchConfig, SearchResult, search
from .search import clock as search_clock
from .worlds import Likelihood, Sampler

# Every distinct move is searched when there are this few; otherwise Hard's best WIDE moves
# (different cards first, then a wild's other colours): a candidate that is clearly behind
# is dropped after a few worlds, so a wide set costs little.
ALL_MOVES = 8
BLUFF_HAND = 5  # a +4 bluff is searched from a hand this small (it leaves 4 cards or fewer)
WIDE = 8
MAX_CANDIDATES = WIDE
# Why the search picked a move that is not a play over Hard's choice.
_SEARCHED_MOVE = {Kind.TAKE: "take", Kind.KEEP: "keep_drawn", Kind.DRAW: "draw_keep_wild",
                  Kind.CHOOSE_COLOUR: "name_colour", Kind.SWAP: "trade_cards"}
Key = tuple[Kind, tuple[int, ...], int, int]


def _key(a: Action) -> Key:
    """Moves that only differ by which of two identical cards is played are one move."""
    return (a.kind, tuple(CARD_FACE[c] for c in a.cards), a.colour, a.target)


def distinct(actions: list[Action]) -> list[Action]:
    seen: set[Key] = set()
    out = []
    for a in actions:
        k = _key(a)
        if k not in seen:
            seen.add(k)
            out.append(a)
    return out


def diverse(ranked: list[Action], limit: int = WIDE) -> list[Action]:
    """The best few moves, but different cards first: a wild's four colours must not crowd
    every other card out of the search."""
    moves = distinct(ranked)
    picked: list[Action] = []
    seen: set[tuple[int, ...]] = set()
    for a in moves:
        faces = tuple(CARD_FACE[c] for c in a.cards)
        if faces not in seen:
            seen.add(faces)
            picked.append(a)
    picked = picked[:limit]
    for a in moves:
        if len(picked) >= limit:
            break
        if a not in picked:
            picked.append(a)
    # Keep Hard's order (its choice first: the fallback and the tie-breaker).
    return sorted(picked, key=moves.index)


def candidates(first: Action, ranked: list[Action], others: list[Action]) -> list[Action]:
    """Hard's choice first, then every distinct move when there are few (`ranked`: Hard's
    order of the plays, `others`: the rest, e.g. draw or take), else a wide ranked set plus
    the others."""
    everything = distinct([first] + ranked + others)
    if len(everything) <= ALL_MOVES:
        return everything
    return distinct([first] + diverse(ranked, WIDE - len(others)) + others)


class ExpertPlayer(HardPlayer):
    """Searches every real choice on its own turn (which card, which colour, stack or take,
    play or keep a drawn card, which wild power); Hard's rules answer the rest (challenges,
    jump-ins, UNO, catches, cards to give). Safe to run in a worker thread: set the cancel
    event (or call cancel()) and act() returns its best move so far within a rollout or two.
    """

    tier = "expert"

    def __init__(self, budget_ms: float = 250.0, max_worlds: int = 2000,
                 cancel: threading.Event | None = None, clock: str = "wall",
                 weighted: bool = True, fastsim: bool = True,
                 switch_z: float = SearchConfig().switch_z,
                 temperature: float = Likelihood().temperature,
                 power: float = Likelihood().power, plays: int = Likelihood().plays,
                 blocking: bool = Likelihood().blocking,
                 draws: bool = Likelihood().draws,
                 depth: int = SearchConfig().depth,
                 leaf_below: int = SearchConfig().leaf_below) -> None:
        super().__init__()
        # temperature, power, plays, blocking, draws: how the opponents' seen plays weigh a
        # world (worlds.Likelihood).
        self.config = SearchConfig(budget_ms=float(budget_ms), max_worlds=int(max_worlds),
                                   clock=clock, weighted=weighted, fastsim=fastsim,
                                   switch_z=switch_z, depth=int(depth),
                                   leaf_below=int(leaf_below),
                                   likelihood=Likelihood(
                                       float(temperature), float(power), int(plays),
                                       bool(blocking), bool(draws)))
        # Hard's blocking terms in the likelihood need what each opponent knows of the rest.
        self.mirrors = Mirrors() if weighted and blocking else None
        self.tracker.mirror = self.mirrors
        self.cancel_event = cancel if cancel is not None else threading.Event()
        self.last_search: SearchResult | None = None
        self.search_failures = 0
        self._started = 0.0

    def observe(self, seat: int, events: list[Event]) -> None:
        if self.mirrors is not None:
            self.mirrors.seat = seat
        super().observe(seat, events)

    def prepare(self, view: SeatView) -> None:
        if self.mirrors is not None:
            self.mirrors.seat = view.seat
            self.mirrors.rules = view.rules
            self.mirrors.teams = tuple(view.teams)
        super().prepare(view)

    def cancel(self) -> None:
        """Ask a running act() to stop searching and answer now."""
        self.cancel_event.set()

    # A player may be sent to a worker process: an Event cannot be pickled, so a copy
    # gets a fresh one (cancelling then goes through that process's own copy).
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state["cancel_event"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.cancel_event = threading.Event()

    def act(self, view: SeatView, legal: list[Action], rng: random.Random) -> Action | None:
        self._started = search_clock(self.config)()
        self.last_search = None
        return super().act(view, legal, rng)

    # -------------------------------------------------------------- search
    def _search(self, view: SeatView, candidates: list[Action], rng: random.Random
                ) -> Action:
        candidates = distinct(candidates)
        if len(candidates) == 1:
            return candidates[0]
        # One draw from the caller's RNG, so its sequence does not depend on how many
        # worlds the time budget allowed.
        world_rng = random.Random(rng.getrandbits(64))
        try:
            result = search(view, candidates, self.tracker, world_rng, self.config,
                            self.cancel_event, self._started, self.worlds(view))
        except EngineError:
            # A world the engine refuses means our knowledge is inconsistent: play Hard's
            # move rather than fail (the tests check this never happens).
            self.search_failures += 1
            return candidates[0]
        self.last_search = result
        return result.action

    def worlds(self, view: SeatView) -> Sampler:
        """What deals the hidden cards of this decision's worlds: from the view and what the
        tracker inferred (a benchmark's oracle overrides it to measure what hiding costs)."""
        return Sampler(view, self.tracker, self.config.likelihood)

    def _searched(self, view: SeatView, own: list[Action], fallback: Action,
                  candidates: list[Action], rng: random.Random) -> Action:
        """Search the candidates (Hard's move first) and explain the one chosen; Hard's
        reason for its own move is in last_reason when this is called."""
        reason = self.last_reason
        chosen = self._search(view, candidates, rng)
        self._explain(view, own, chosen, fallback, reason)
        return chosen

    def _explain(self, view: SeatView, own: list[Action], chosen: Action, fallback: Action,
                 fallback_reason: Reason | None) -> None:
        r = self.last_search
        reason: Reason | None
        if chosen == fallback or r is None:
            reason = fallback_reason
        elif chosen.kind == Kind.PLAY:
            reason = best_reason(self.play_terms(self.context(view, own), chosen))
        else:
            reason = Reason(_SEARCHED_MOVE.get(chosen.kind, "generic"))
        if r is not None and r.worlds:
            reason = Reason("searched", n=r.worlds, p=r.means[r.index],
                            inner=reason or GENERIC)
        self.last_reason = reason

    def choose_play(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        fallback = super().choose_play(view, own, rng)
        ctx = self.context(view, own)
        plays = [a for a in own if a.kind == Kind.PLAY]
        ranked = [a for _, a, _ in self.rank_plays(ctx, plays)]
        draw = [a for a in own if a.kind == Kind.DRAW]
        if not ranked:
            return fallback
        # Drawing instead of playing is worth a look only when nothing but wilds fit (keep
        # one for later): with a coloured card to play it is all but never better.
        others = draw if all(COL[a.cards[0]] == 4 for a in ranked) else []
        # A +4 bluff Hard's rules leave out: from a small hand it is seldom challenged, and
        # the search knows how a challenge would go in each world.
        if len(ctx.hand) <= BLUFF_HAND:
            best, _ = self.best_colour(ctx, [c for c in ctx.hand if COL[c] < 4])
            others += [a for a in plays if a.colour == best and a not in ranked
                       and self.is_bluff(ctx, a)][:1]
        return self._searched(view, own, fallback, candidates(fallback, ranked, others), rng)

    def answer_penalty(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        fallback = super().answer_penalty(view, own, rng)
        if fallback.kind == Kind.CHALLENGE:
            return fallback
        ctx = self.context(view, own)
        ranked = [a for _, a, _ in self.rank_plays(ctx, [a for a in own if a.kind == Kind.PLAY])]
        take = [a for a in own if a.kind == Kind.TAKE]
        return self._searched(view, own, fallback, candidates(fallback, ranked, take), rng)

    def drawn_card(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        fallback = super().drawn_card(view, own, rng)
        ctx = self.context(view, own)
        ranked = [a for _, a, _ in self.rank_plays(ctx, [a for a in own if a.kind == Kind.PLAY])]
        keep = [a for a in own if a.kind == Kind.KEEP]
        return self._searched(view, own, fallback, candidates(fallback, ranked, keep), rng)

    def wild_power(self, view: SeatView, own: list[Action], rng: random.Random) -> Action:
        fallback = super().wild_power(view, own, rng)
        # Peeking is worth nothing in a world where every hand is already dealt, so it is
        # left to Hard's rules; the search weighs colours and trades with every rival.
        swaps = [a for a in own if a.kind == Kind.SWAP
                 and not (view.rules.teams and view.teams[a.target] == view.teams[view.seat])]
        colours = [a for a in own if a.kind == Kind.CHOOSE_COLOUR]
        return self._searched(view, own, fallback, [fallback] + colours + swaps, rng)


def equities(view: SeatView, seen: list[Event], legal: list[Action], seed: int = 0,
             candidates: list[Action] | None = None, budget_ms: float = 1000.0,
             max_worlds: int = 2000, clock: str = "wall") -> list[tuple[Action, float]]:
    """The Expert's estimate of the chance to win after each candidate move (default: every
    distinct move of the seat's own), from the seat's view and the redacted events it saw
    this match (nothing else: no peeking). Every candidate is judged on the same worlds,
    none is dropped early, so the estimates compare (accuracy, luck-adjusted results)."""
    player = ExpertPlayer(budget_ms=budget_ms, max_worlds=max_worlds, clock=clock)
    if seen:
        player.observe(view.seat, seen)
    player.prepare(view)
    moves = distinct(candidates if candidates is not None else
                     [a for a in legal if a.kind not in OUT_OF_TURN])
    if not moves:
        return []
    config = replace(player.config, prune=False)
    result = search(view, moves, player.tracker, random.Random(seed), config)
    return list(zip(moves, result.means, strict=True))
