"""The fast policy Expert's rollouts play with: Normal's main rules, read off the full state."""

from __future__ import annotations

from game.engine import Action, Kind, State
from game.engine.cards import DRAW_TWO, FULL_DECK_SIZE, SKIP, WILD, WILD_DRAW_FOUR

from .fastsim import simulate, supported
from .knowledge import COL, POINTS, RANK, finish_mask

TURN, DRAWN, CHOOSE_COLOUR, WILD_POWER, GIVE, PICK_TARGET, ROUND_OVER = range(7)
_CALL_UNO = [Action(Kind.CALL_UNO, s) for s in range(10)]
_DRAW_ACT = [Action(Kind.DRAW, s) for s in range(10)]
_PLAY_ACT = [[[Action(Kind.PLAY, s, (c,), col) for col in range(-1, 4)]
              for c in range(FULL_DECK_SIZE)] for s in range(10)]
_ATTACK = frozenset({SKIP, DRAW_TWO, WILD_DRAW_FOUR})
_PLAY, _TAKE, _KEEP, _DRAW = Kind.PLAY, Kind.TAKE, Kind.KEEP, Kind.DRAW


def _counts(hand: list[int]) -> list[int]:
    counts = [0, 0, 0, 0, 0]
    for c in hand:
        counts[COL[c]] += 1
    return counts


def _majority(counts: list[int]) -> int:
    best = 0
    for col in (1, 2, 3):
        if counts[col] > counts[best]:
            best = col
    return best


def _fast_turn(s: State, seat: int, finish: int) -> Action:
    """The commonest decision (a plain turn, single cards only) without listing the legal
    actions: the same choice choose() would make from the list, found several times faster."""
    hand = s.hands[seat]
    colour = s.colour
    top_rank = RANK[s.discard[-1]]
    counts = _counts(hand)
    want = _majority(counts)
    nxt_low = len(s.hands[s.next_seat(seat)]) <= 2
    last = len(hand) == 1
    best = -1
    best_score = -1e9
    for c in hand:
        col = COL[c]
        r = RANK[c]
        if col == 4:
            score = (-22.0 if r != WILD_DRAW_FOUR else -30.0) + 4.0 * counts[want]
        elif col == colour or r == top_rank:
            score = 4.0 * counts[col]
        else:
            continue
        if last and not finish >> c & 1:
            continue
        if nxt_low and r in _ATTACK:
            score += 30.0
        score += 0.05 * POINTS[c]
        if score > best_score:
            best, best_score = c, score
    if best < 0:
        return _DRAW_ACT[seat]
    if COL[best] == 4:
        named = -1 if RANK[best] == WILD and s.rules.wild_powers else want
        return _PLAY_ACT[seat][best][named + 1]
    return _PLAY_ACT[seat][best][0]


def choose(s: State, seat: int) -> Action:
    """One decision for `seat`, who is to act. Deterministic, so paired rollouts from the
    same world differ only by the move being judged."""
    if s.phase == TURN and not s.pending and not s.alt:
        rules = s.rules
        if not rules.multi_play:
            return _fast_turn(s, seat, finish_mask(rules))
    legal = s.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    ph = s.phase
    hand = s.hands[seat]
    if ph in (TURN, DRAWN):
        counts = _counts(hand)
        want = _majority(counts)
        nxt_low = len(s.hands[s.next_seat(seat)]) <= 2
        best: Action | None = None
        best_score = -1e9
        fallback: Action | None = None
        for a in legal:
            k = a.kind
            if k is not _PLAY:
                if k is _TAKE or k is _KEEP or k is _DRAW:
                    fallback = a
                continue
            cards = a.cards
            c0 = cards[0]
            r = RANK[c0]
            if COL[c0] == 4:
                if a.colour >= 0 and a.colour != want:
                    continue
                score = -22.0 if r != WILD_DRAW_FOUR else -30.0
                score += 4.0 * counts[want]
            else:
                score = 4.0 * counts[COL[cards[-1]]] + 8.0 * (len(cards) - 1)
            if nxt_low and r in _ATTACK:
                score += 30.0
            score += 0.05 * POINTS[c0]
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        return fallback if fallback is not None else legal[0]
    if ph in (CHOOSE_COLOUR, WILD_POWER):
        want = _majority(_counts(hand))
        for a in legal:
            if a.kind == Kind.CHOOSE_COLOUR and a.colour == want:
                return a
    if ph == PICK_TARGET:
        return min((a for a in legal if a.kind == Kind.PICK_TARGET),
                   key=lambda a: len(s.hands[a.target]))
    if ph == GIVE:
        return max((a for a in legal if a.kind == Kind.GIVE),
                   key=lambda a: POINTS[a.cards[0]] if COL[a.cards[0]] < 4 else -1)
    return next((a for a in legal if a.kind not in (Kind.CALL_UNO, Kind.CATCH)), legal[0])


def rollout(s: State, root: int, max_steps: int = 400, fast: bool = True) -> float:
    """Play the round out with the fast policy; 1 if root's side wins, else 0 (a round cut
    short is scored by hand sizes). Under simple rules the engine hands over to fastsim as
    soon as a plain turn begins."""
    steps = 0
    apply = s.apply
    quick = fast and supported(s.rules)
    while s.phase < ROUND_OVER and steps < max_steps:
        if quick and s.phase == TURN and not s.pending and not s.alt:
            return simulate(s, s.team_of[root], s.rng, max_steps - steps)
        risk = s.uno_risk
        if risk >= 0 and not s.uno_called[risk]:
            apply(_CALL_UNO[risk], False)  # everyone calls UNO in rollouts
        apply(choose(s, s.current), False)
        steps += 1
    if s.phase >= ROUND_OVER:
        return 1.0 if s.team_of[s.last_winner] == s.team_of[root] else 0.0
    mine = len(s.hands[root])
    best = min(len(h) for i, h in enumerate(s.hands) if s.team_of[i] != s.team_of[root])
    return max(0.0, min(1.0, 0.5 + 0.08 * (best - mine)))
