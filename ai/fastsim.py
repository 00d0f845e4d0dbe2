"""A stripped-down round simulator for rollouts under simple rules, several times faster than
the engine: the rollout policy only ever plays single cards, takes penalties and calls UNO,
so under rules without stacking or hand swaps a round reduces to a few list operations."""

from __future__ import annotations

import random

from game.engine import Rules, State
from game.engine.cards import DRAW_TWO, REVERSE, SKIP, WILD_DRAW_FOUR

from .knowledge import COL, POINTS, RANK, finish_mask

_ATTACK = (SKIP, DRAW_TWO, WILD_DRAW_FOUR)

def supported(rules: Rules) -> bool:
    """Rules under which this simulator and the engine agree for the rollout policy (jump-ins,
    sums and UNO catches are never used by that policy, so they do not matter)."""
    return not (rules.stacking or rules.seven_zero or rules.blank_cards or rules.multi_play)


def simulate(s: State, root_team: int, seed: int, max_steps: int) -> float:
    """Play the round on from `s` (a plain turn, no penalty pending) with the rollout policy;
    1.0 if root's team wins. The engine's state is read, never changed; `seed` drives any
    reshuffle of the discard pile."""
    n = s.n
    hands = [h[:] for h in s.hands]
    stock = s.stock[:]
    discard = s.discard[:]
    seating = s.seating
    pos = s.pos
    team = s.team_of
    colour = s.colour
    direction = s.direction
    cur = s.current
    rules = s.rules
    finish = finish_mask(rules)
    limited = rules.numbers_win or rules.numbers_or_draw_win
    then_play = rules.draw_then_play
    to_match = rules.draw_to_match
    two_skip = rules.two_player_skip
    col_of, rank_of, points = COL, RANK, POINTS
    # Colour counts per hand, kept up to date instead of recounted every turn.
    counts = []
    for h in hands:
        c4 = [0, 0, 0, 0, 0]
        for c in h:
            c4[col_of[c]] += 1
        counts.append(c4)
    top_rank = rank_of[discard[-1]]

    rng: list[random.Random] = []  # made on the first reshuffle only (most rounds have none)

    def draw(seat: int) -> int:
        if not stock:
            if len(discard) <= 1:
                return -1
            top = discard.pop()
            stock.extend(discard)
            discard[:] = [top]
            if not rng:
                rng.append(random.Random(seed))
            rng[0].shuffle(stock)
        c = stock.pop()
        hands[seat].append(c)
        counts[seat][col_of[c]] += 1
        return c

    for _ in range(max_steps):
        hand = hands[cur]
        cnt = counts[cur]
        want = 0
        if cnt[1] > cnt[want]:
            want = 1
        if cnt[2] > cnt[want]:
            want = 2
        if cnt[3] > cnt[want]:
            want = 3
        nxt_low = len(hands[seating[(pos[cur] + direction) % n]]) <= 2
        last = len(hand) == 1 and limited
        best = -1
        best_score = -1e9
        for c in hand:
            col = col_of[c]
            r = rank_of[c]
            if col == 4:
                score = (-22.0 if r != WILD_DRAW_FOUR else -30.0) + 4.0 * cnt[want]
            elif col == colour or r == top_rank:
                score = 4.0 * cnt[col]
            else:
                continue
            if last and not finish >> c & 1:
                continue
            if nxt_low and r in _ATTACK:
                score += 30.0
            score += 0.05 * points[c]
            if score > best_score:
                best, best_score = c, score
        if best < 0:
            c = draw(cur)
            if to_match:
                while c >= 0 and not (col_of[c] == 4 or col_of[c] == colour
                                      or rank_of[c] == top_rank):
                    c = draw(cur)
            if c >= 0 and then_play and (col_of[c] == 4 or col_of[c] == colour
                                         or rank_of[c] == top_rank):
                best = c  # the drawn card fits: the policy always plays it
            else:
                cur = seating[(pos[cur] + direction) % n]
                continue
        hand.remove(best)
        discard.append(best)
        col = col_of[best]
        cnt[col] -= 1
        colour = col if col < 4 else want
        if not hand:
            return 1.0 if team[cur] == root_team else 0.0
        k = top_rank = rank_of[best]
        p = pos[cur]
        if k in (DRAW_TWO, WILD_DRAW_FOUR):
            victim = seating[(p + direction) % n]
            for _ in range(2 if k == DRAW_TWO else 4):
                if draw(victim) < 0:
                    break
            cur = seating[(p + 2 * direction) % n]
        elif k == SKIP:
            cur = seating[(p + 2 * direction) % n]
        elif k == REVERSE:
            direction = -direction
            step = 2 if n == 2 and two_skip else 1
            cur = seating[(p + step * direction) % n]
        else:
            cur = seating[(p + direction) % n]
    mine = min(len(hands[i]) for i in range(n) if team[i] == root_team)
    best_other = min(len(hands[i]) for i in range(n) if team[i] != root_team)
    return max(0.0, min(1.0, 0.5 + 0.08 * (best_other - mine)))
