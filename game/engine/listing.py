"""Listing every legal action of a seat (RULES.md sections 3-6): its own decision in each
phase, and what it may do out of turn (call UNO, catch, jump in, sum jump-in, sum out)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .actions import NOBODY, Action, Kind
from .bluff import pair_ok
from .cards import (
    CARD_COLOUR_T,
    CARD_FACE,
    CARD_RANK_T,
    FULL_DECK_SIZE,
    NO_COLOUR,
    WILD,
    WILD_DRAW_FOUR,
)
from .mechanics import can_finish, may_stack, uno_valid

if TYPE_CHECKING:
    from .game import State

COL = CARD_COLOUR_T
RANK = CARD_RANK_T
TURN, DRAWN, CHOOSE_COLOUR, WILD_POWER, GIVE, PICK_TARGET, ROUND_OVER, MATCH_OVER = range(8)
(K_PLAY, K_DRAW, K_KEEP, K_TAKE, K_CHALLENGE, K_CHOOSE_COLOUR, K_CALL_UNO, K_CATCH, K_JUMP_IN,
 K_SUM_JUMP_IN, K_SUM_OUT, K_PEEK, K_SWAP, K_GIVE, K_PICK_TARGET, K_TIMEOUT, K_NEXT_ROUND) = Kind
SYSTEM = NOBODY  # the "seat" of NEXT_ROUND: dealing is nobody's decision
# legal_actions lists every same-rank set of a rank group up to this many cards (at most
# 5 x 32 sequences), and every sum jump-in while this many cards could be part of one
# (at most 2**12 subsets walked); past that, a bounded representative choice.
SET_EXACT = 5
SUM_EXACT = 12

# Shared action objects: legal_actions returns these instead of allocating (the search AI
# calls it hundreds of thousands of times).
_PLAY1 = [[[Action(K_PLAY, s, (c,), col) for col in range(-1, 4)]
           for c in range(FULL_DECK_SIZE)] for s in range(10)]
_SIMPLE = {k: [Action(k, s) for s in range(10)]
           for k in (K_DRAW, K_KEEP, K_TAKE, K_CHALLENGE, K_CALL_UNO,
                     K_SUM_OUT, K_TIMEOUT)}
_COLOUR = [[Action(K_CHOOSE_COLOUR, s, (), c) for c in range(4)] for s in range(10)]
_TARGETED = {k: [[Action(k, s, (), -1, t) for t in range(10)] for s in range(10)]
             for k in (K_CATCH, K_PEEK, K_SWAP, K_PICK_TARGET)}
_GIVE = [[Action(K_GIVE, s, (c,)) for c in range(FULL_DECK_SIZE)] for s in range(10)]
_JUMP = [[Action(K_JUMP_IN, s, (c,)) for c in range(FULL_DECK_SIZE)] for s in range(10)]
NEXT_ROUND = Action(K_NEXT_ROUND, SYSTEM)
# The ids of those shared actions: they live as long as the module, so no other object can
# ever have one of these ids.
WELL_FORMED = frozenset(
    [id(a) for seat in _PLAY1 for card in seat for a in card]
    + [id(a) for row in _SIMPLE.values() for a in row]
    + [id(a) for row in _COLOUR for a in row]
    + [id(a) for rows in _TARGETED.values() for row in rows for a in row]
    + [id(a) for row in _GIVE + _JUMP for a in row]
    + [id(NEXT_ROUND)])


def actors(s: State) -> list[int]:
    """Every seat that has at least one action now."""
    return [seat for seat in range(s.n) if legal_actions(s, seat)]


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every action `seat` may take now. Multi-card plays and sum jump-ins are listed in
    full while few; past SET_EXACT / SUM_EXACT cards a bounded representative choice is
    listed (see _some_sets, _sum_sets), and apply() accepts any legal one proposed."""
    # listed(s, seat, True) inlined: this is the hottest call of every simulation.
    if s.phase >= ROUND_OVER:
        return []
    out: list[Action] = []
    if seat == s.current:
        _own_decisions(s, seat, out, True)
    _out_of_turn(s, seat, out, True)
    return out


def listed(s: State, seat: int, multi: bool) -> list[Action]:
    """legal_actions; without `multi`, no multi-card plays or sums (validation checks a
    proposed one directly instead of listing them all)."""
    if s.phase >= ROUND_OVER:
        return []
    out: list[Action] = []
    if seat == s.current:
        _own_decisions(s, seat, out, multi)
    _out_of_turn(s, seat, out, multi)
    return out


def _own_decisions(s: State, seat: int, out: list[Action], multi: bool = True) -> None:
    ph = s.phase
    hand = s.hands[seat]
    if ph == TURN:
        if s.pending:
            for c in hand:
                if may_stack(s, c) and (len(hand) > 1 or can_finish(s, (c,))):
                    _add_play(s, seat, c, out)
            if multi and len(hand) > 1 and pairs_answer(s):
                _add_penalty_pairs(s, seat, hand, out)
            out.append(_SIMPLE[K_TAKE][seat])
            if s.wd4_by >= 0 and s.rules.wild_draw_four_rule == "official":
                out.append(_SIMPLE[K_CHALLENGE][seat])
            return
        last = len(hand) == 1
        playable = False
        # The hot path of every simulation: the matching rule inlined.
        colour = s.colour
        top_rank = RANK[s.discard[-1]]
        plain = not s.alt
        row = _PLAY1[seat]
        for c in hand:
            cc = COL[c]
            if cc == NO_COLOUR:
                _add_play(s, seat, c, out)
            elif (cc == colour or RANK[c] == top_rank) if plain else s.matches(c):
                out.append(row[c][0])
            else:
                continue
            playable = True
        if last and playable and s.rules.last_card_limited:
            out[:] = [a for a in out if can_finish(s, a.cards)]
            playable = bool(out)
        # A set's first card is playable alone, so sets never change `playable`.
        if multi and s.rules.multi_play and len(hand) > 1:
            add_sets(s, seat, hand, out)
        if not (playable and s.rules.forced_play):
            out.append(_SIMPLE[K_DRAW][seat])
    elif ph == DRAWN:
        _add_play(s, seat, s.drawn, out)
        if not s.rules.forced_play:
            out.append(_SIMPLE[K_KEEP][seat])
    elif ph == CHOOSE_COLOUR:
        out.extend(_COLOUR[seat])
    elif ph == WILD_POWER:
        out.extend(_COLOUR[seat])
        for t in range(s.n):
            if t != seat:
                out.append(_TARGETED[K_PEEK][seat][t])
                if s.hands[t]:
                    out.append(_TARGETED[K_SWAP][seat][t])
    elif ph == GIVE:
        for c in hand:
            if c not in s.give_cards:
                out.append(_GIVE[seat][c])
    elif ph == PICK_TARGET:
        out.extend(_TARGETED[K_PICK_TARGET][seat][t] for t in range(s.n) if t != seat)


def _add_play(s: State, seat: int, card: int, out: list[Action]) -> None:
    row = _PLAY1[seat][card]
    if COL[card] != NO_COLOUR:
        out.append(row[0])
    elif RANK[card] == WILD and s.rules.wild_powers and s.pending == 0:
        out.append(row[0])  # the colour (or another power) is chosen next
    else:
        out.extend(row[1:])


def add_sets(s: State, seat: int, hand: list[int], out: list[Action]) -> None:
    """Doubles, or same-rank sets; the last card of a set lies on top and sets the colour."""
    r = s.rules
    if r.play_same_rank:
        by_rank: dict[int, list[int]] = {}
        for c in hand:
            if COL[c] != NO_COLOUR:
                by_rank.setdefault(RANK[c], []).append(c)
        for cards in by_rank.values():
            if len(cards) < 2:
                continue
            if len(cards) > SET_EXACT:
                _some_sets(s, seat, hand, cards, out)
                continue
            seen: set[tuple[int, ...]] = set()
            for lead in cards:
                if not s.matches(lead):
                    continue
                rest = [c for c in cards if c != lead]
                for size in range(1, len(rest) + 1):
                    for combo in combinations(rest, size):
                        for last in combo:
                            middle = sorted(c for c in combo if c != last)
                            seq = (lead, *middle, last)
                            faces = tuple(CARD_FACE[c] for c in seq)
                            if faces in seen:
                                continue
                            seen.add(faces)
                            if size + 1 == len(hand) and not can_finish(s, seq):
                                continue
                            out.append(Action(K_PLAY, seat, seq))
        return
    # play_doubles: two identical coloured cards.
    by_face: dict[int, list[int]] = {}
    for c in hand:
        if COL[c] != NO_COLOUR:
            by_face.setdefault(CARD_FACE[c], []).append(c)
    for cards in by_face.values():
        if len(cards) >= 2 and s.matches(cards[0]):
            pair = (cards[0], cards[1])
            if len(hand) == 2 and not (s.uno_called[seat] and can_finish(s, pair)):
                continue  # going out on a double needs UNO called with those two
            out.append(Action(K_PLAY, seat, pair))


def pairs_answer(s: State) -> bool:
    """May a pair of identical cards answer the pending penalty? Doubles may wherever
    their card alone could; a pair of Draw Twos may go on a Wild Draw Four under
    stack_two_on_four even without play_doubles (RULES.md section 6)."""
    r = s.rules
    return r.play_doubles or (r.stack_two_on_four and RANK[s.discard[-1]] == WILD_DRAW_FOUR)


def _add_penalty_pairs(s: State, seat: int, hand: list[int], out: list[Action]) -> None:
    by_face: dict[int, list[int]] = {}
    for c in hand:
        if COL[c] != NO_COLOUR:
            by_face.setdefault(CARD_FACE[c], []).append(c)
    for cards in by_face.values():
        if len(cards) >= 2:
            pair = (cards[0], cards[1])
            if penalty_pair_ok(s, seat, pair):
                out.append(Action(K_PLAY, seat, pair))


def penalty_pair_ok(s: State, seat: int, pair: tuple[int, ...]) -> bool:
    """Two identical coloured cards answering the pending penalty (bluff.pair_ok); going
    out with them needs UNO called while they were the last two, as for doubles."""
    first = pair[0]
    if (len(pair) != 2 or CARD_FACE[pair[1]] != CARD_FACE[first]
            or not pair_ok(s.rules, first, s.discard[-1], s.colour)):
        return False
    hand = s.hands[seat]
    return len(hand) > 2 or (s.uno_called[seat] and can_finish(s, pair))


def _some_sets(s: State, seat: int, hand: list[int], cards: list[int],
               out: list[Action]) -> None:
    """A big same-rank group (up to 8 cards: 2 of each colour) has thousands of sets:
    list one per first card, last card (it names the colour) and size, the middle
    cards taken in card order. At most 4 x 4 x 7 plays per rank."""
    seen: set[tuple[int, int]] = set()
    for lead in cards:
        if not s.matches(lead):
            continue
        rest = sorted(c for c in cards if c != lead)
        for last in rest:
            key = (CARD_FACE[lead], CARD_FACE[last])
            if key in seen:
                continue
            seen.add(key)
            middle = [c for c in rest if c != last]
            for size in range(len(middle) + 1):
                seq = (lead, *middle[:size], last)
                if len(seq) == len(hand) and not can_finish(s, seq):
                    continue
                out.append(Action(K_PLAY, seat, seq))


def _out_of_turn(s: State, seat: int, out: list[Action], multi: bool = True) -> None:
    r = s.rules
    hand = s.hands[seat]
    if uno_valid(s, seat):
        out.append(_SIMPLE[K_CALL_UNO][seat])
    risk = s.uno_risk
    if (risk >= 0 and risk != seat and not s.uno_called[risk]
            and not (s.catchers >> seat) & 1):
        out.append(_TARGETED[K_CATCH][seat][risk])
    ws = s.window_seat
    if ws < 0 or ws == seat or s.phase != TURN:
        return
    top = s.discard[-1]
    if r.jump_in and COL[top] != NO_COLOUR and (seat != s.current or s.pending):
        _add_jumps(s, seat, hand, top, out)
    if s.pending or RANK[top] >= 10:
        return
    target = RANK[top]
    if r.sum_out and len(hand) >= 2 and all(RANK[c] < 10 for c in hand) and \
            sum(RANK[c] for c in hand) == target:
        out.append(_SIMPLE[K_SUM_OUT][seat])
    if multi and (r.sum_jump_in or r.sum_jump_in_any_colour):
        for combo in sum_sets(s, hand, target, COL[top]):
            if len(combo) < len(hand) or can_finish(s, combo):
                out.append(Action(K_SUM_JUMP_IN, seat, combo))


def jump_window(s: State, seat: int) -> bool:
    """Whether the rules let `seat` jump in at this moment with a card that fits, whatever
    it holds (any jump-in _out_of_turn lists for it needs this). A screen several people
    share may show this, and not whether a hidden hand holds the card."""
    r = s.rules
    ws = s.window_seat
    if ws < 0 or ws == seat or s.phase != TURN:
        return False
    top = s.discard[-1]
    if r.jump_in and COL[top] != NO_COLOUR and (seat != s.current or s.pending):
        return True
    return not s.pending and RANK[top] < 10 and (
        r.sum_out or r.sum_jump_in or r.sum_jump_in_any_colour)


def _add_jumps(s: State, seat: int, hand: list[int], top: int, out: list[Action]) -> None:
    """Jump-ins on the card just played, or on any card a sum jump-in just laid. The
    player facing a pending Draw Two may jump in with an identical one too when the rules
    do not already let them stack it (a choice RULES.md leaves open: at the table
    whoever holds the twin may slam it down before the victim draws, victim included)."""
    faces = {CARD_FACE[c] for c in s.alt} if s.alt else (CARD_FACE[top],)
    victim = seat == s.current
    for face in faces:
        for c in hand:
            if CARD_FACE[c] == face and (len(hand) > 1 or can_finish(s, (c,))):
                if not (victim and may_stack(s, c)):
                    out.append(_JUMP[seat][c])
                break  # identical cards give identical jumps


def sum_sets(s: State, hand: list[int], target: int, colour: int) -> list[tuple[int, ...]]:
    """Distinct sets (by face) of 2+ non-zero number cards summing to `target`."""
    any_colour = s.rules.sum_jump_in_any_colour
    pool: dict[int, int] = {}
    for c in hand:
        k = RANK[c]
        if 0 < k < target and (any_colour or COL[c] == colour):
            pool.setdefault(CARD_FACE[c], c)
            # a second identical card may be part of a sum too (e.g. 2+2 = 4)
            if pool[CARD_FACE[c]] != c:
                pool.setdefault(CARD_FACE[c] + 1000, c)
    cards = sorted(pool.values())
    found: list[tuple[int, ...]] = []
    if len(cards) > SUM_EXACT:
        return _sum_partitions(cards, target)
    seen: set[tuple[int, ...]] = set()

    def walk(start: int, left: int, chosen: list[int]) -> None:
        if left == 0 and len(chosen) >= 2:
            faces = tuple(sorted(CARD_FACE[c] for c in chosen))
            if faces not in seen:
                seen.add(faces)
                found.append(tuple(chosen))
            return
        for i in range(start, len(cards)):
            v = RANK[cards[i]]
            if v <= left:
                chosen.append(cards[i])
                walk(i + 1, left - v, chosen)
                chosen.pop()

    walk(0, target, [])
    return found


def _sum_partitions(cards: list[int], target: int) -> list[tuple[int, ...]]:
    """Many candidate cards (any-colour sums from a big hand): one set per way of
    writing `target` as a sum of the ranks held (at most 29 for a 9), the cards of
    each rank taken in card order."""
    by_rank: dict[int, list[int]] = {}
    for c in cards:
        by_rank.setdefault(RANK[c], []).append(c)
    ranks = sorted(by_rank)
    found: list[tuple[int, ...]] = []

    def walk(i: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            if len(chosen) >= 2:
                found.append(tuple(chosen))
            return
        if i == len(ranks) or ranks[i] > left:
            return
        k = ranks[i]
        held = by_rank[k]
        for n in range(min(len(held), left // k), -1, -1):
            walk(i + 1, left - n * k, chosen + held[:n])

    walk(0, target, [])
    return found
