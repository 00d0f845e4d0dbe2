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


def simulate(s: State, root_team: int, rng: random.Random, max_steps: int) -> float:
    """Play the round on from `s` (a plain turn, no penalty pending) with the rollout policy;
    1.0 if root's team wins. The engine's state is read, never changed."""
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

    def draw(seat: int) -> int:
        if not stock:
            if len(discard) <= 1:
                return -1
            top = discard.pop()
            stock.extend(discard)
            discard[:] = [top]
            rng.shuffle(stock)
        c = stock.pop()
        hands[seat].append(c)
        return c

    for _ in range(max_steps):
        hand = hands[cur]
        top_rank = RANK[discard[-1]]
        counts = [0, 0, 0, 0, 0]
        for c in hand:
            counts[COL[c]] += 1
        want = 0
        for col in (1, 2, 3):
            if counts[col] > counts[want]:
                want = col
        nxt_low = len(hands[seating[(pos[cur] + direction) % n]]) <= 2
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
            if last and limited and not finish >> c & 1:
                continue
            if nxt_low and r in _ATTACK:
                score += 30.0
            score += 0.05 * POINTS[c]
            if score > best_score:
                best, best_score = c, score
        if best < 0:
            c = draw(cur)
            if to_match:
                while c >= 0 and not (COL[c] == 4 or COL[c] == colour or RANK[c] == top_rank):
                    c = draw(cur)
            if c >= 0 and then_play and (COL[c] == 4 or COL[c] == colour
                                         or RANK[c] == top_rank):
                best = c  # the drawn card fits: the policy always plays it
            else:
                cur = seating[(pos[cur] + direction) % n]
                continue
        hand.remove(best)
        discard.append(best)
        colour = COL[best] if COL[best] < 4 else want
        if not hand:
            return 1.0 if team[cur] == root_team else 0.0
        k = RANK[best]
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
