"""Random simulation (OpenSpiel-style) over random rule combinations, checking invariants
at every step: card conservation, who may act, clone and JSON equality, private views."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from game.engine import NEXT_ROUND, Action, EngineError, Kind, Rules, State
from game.engine.actions import OUT_OF_TURN
from game.engine.cards import FULL_DECK_SIZE, deck
from game.engine.rules import SPECS
from game.engine.state import Phase

ROUNDS_PER_EXAMPLE = 5
EXAMPLES = 620  # x5 rounds: over 3,000 complete rounds in CI
MAX_STEPS = 5000
JUMPS = (Kind.JUMP_IN, Kind.SUM_JUMP_IN, Kind.SUM_OUT)


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    values = {}
    for name, spec in SPECS.items():
        if spec.kind == "bool":
            values[name] = draw(st.booleans())
        elif spec.kind == "choice":
            values[name] = draw(st.sampled_from(spec.choices))
        else:
            low = 0 if spec.off_allowed else spec.low
            high = min(spec.high, spec.low + 6) if spec.name not in (
                "target_score", "chips_start") else spec.low + 150
            v = draw(st.integers(low, high))
            values[name] = 0 if spec.off_allowed and v < spec.low else v
    return Rules.from_dict(values)


def hidden_shuffle(s: State, seat: int, rng: random.Random) -> State:
    """The same game except for cards `seat` cannot see: others' hands and the stock."""
    t = s.clone()
    hidden = [c for i, h in enumerate(t.hands) if i != seat for c in h] + t.stock
    rng.shuffle(hidden)
    k = 0
    for i, h in enumerate(t.hands):
        if i != seat:
            t.hands[i] = hidden[k:k + len(h)]
            k += len(h)
    t.stock = hidden[k:]
    return t


def random_action(s: State, rng: random.Random) -> Action:
    hand = s.hands[rng.randrange(s.n)]
    cards = tuple(rng.sample(hand, min(len(hand), rng.randint(0, 2)))) if hand else ()
    if rng.random() < 0.2:
        cards = (rng.randrange(FULL_DECK_SIZE),)
    return Action(rng.choice(list(Kind)), rng.randrange(-1, s.n + 1), cards,
                  rng.randrange(-1, 5), rng.randrange(-1, s.n + 1))


def check_step(s: State, rng: random.Random) -> None:
    cards = sorted([c for h in s.hands for c in h] + s.stock + s.discard)
    assert cards == deck(s.rules.blank_cards), "cards were created or lost"
    live = s.phase < Phase.ROUND_OVER
    for seat in range(s.n):
        legal = s.legal_actions(seat)
        if not live:
            assert legal == []
        elif seat == s.current:
            assert legal, "the player to act has no action"
        else:
            assert all(a.kind in OUT_OF_TURN for a in legal), legal
        assert len(set(legal)) == len(legal)
        # A jump-in is only ever listed inside the window a shared screen may show.
        if any(a.kind in JUMPS for a in legal):
            assert s.jump_window(seat), (seat, legal)
        r = s.rules
        if not live or not (r.jump_in or r.sum_out or r.sum_jump_in or r.sum_jump_in_any_colour):
            assert not s.jump_window(seat)
    c = s.clone()
    assert c == s
    if c.hands[0]:
        c.hands[0].pop()
        assert c != s, "a clone shares its lists with the original"
    assert State.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    if live:
        seat = rng.randrange(s.n)
        shuffled = hidden_shuffle(s, seat, rng)
        assert shuffled.view(seat) == s.view(seat)
        # ... and the window reads nothing hidden: the same for any hands behind one view.
        assert [shuffled.jump_window(o) for o in range(s.n)] == \
            [s.jump_window(o) for o in range(s.n)]
        # A random (mostly illegal) action either raises and changes nothing, or is
        # one of the penalised offers the rules accept.
        bad = random_action(s, rng)
        trial = s.clone()
        try:
            trial.apply(bad)
        except EngineError:
            assert trial == s, f"a refused {bad} changed the state"
        else:
            assert bad in s.legal_actions(bad.seat) or bad.kind in (
                Kind.CALL_UNO, Kind.CATCH, Kind.TIMEOUT, Kind.PLAY, Kind.NEXT_ROUND), bad


def choose(s: State, rng: random.Random) -> Action:
    others = [a for seat in range(s.n) if seat != s.current for a in s.legal_actions(seat)]
    if others and rng.random() < 0.25:
        return rng.choice(others)
    legal = s.legal_actions(s.current)
    active = [a for a in legal if a.kind not in (Kind.DRAW, Kind.KEEP, Kind.TAKE)]
    if active and rng.random() < 0.9:
        return rng.choice(active)
    return rng.choice(legal)


def play_rounds(rules: Rules, players: int, seed: int, rounds: int) -> int:
    rng = random.Random(seed)
    s = State.new(rules, players, seed)
    done = 0
    while done < rounds and s.phase != Phase.MATCH_OVER:
        if s.phase == Phase.ROUND_OVER:
            s.apply(NEXT_ROUND)
        for _step in range(MAX_STEPS):
            check_step(s, rng)
            a = choose(s, rng)
            assert s.why_illegal(a) is None
            s.apply(a)
            if s.phase >= Phase.ROUND_OVER:
                check_step(s, rng)
                break
        else:
            raise AssertionError(f"round did not end in {MAX_STEPS} steps")
        done += 1
    return done


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), players=st.integers(2, 10), seed=st.integers(0, 2**31))
def test_random_rounds_keep_every_invariant(rules: Rules, players: int, seed: int) -> None:
    if rules.teams and (players % rules.teams or players < 2 * rules.teams):
        rules = rules.with_options(teams=0)
    note(f"replay: play_rounds(Rules.from_dict({rules.to_dict()!r}), {players}, {seed}, "
         f"{ROUNDS_PER_EXAMPLE})")
    play_rounds(rules, players, seed, ROUNDS_PER_EXAMPLE)


def test_same_rules_seed_and_actions_replay_the_same_match() -> None:
    rules = Rules.from_dict({"stack_draw_two": True, "jump_in": True, "seven_zero": True,
                             "wild_powers": True})
    log: list[Action] = []
    rng = random.Random(9)
    s = State.new(rules, 5, 123)
    for _ in range(400):
        if s.phase == Phase.MATCH_OVER:
            break
        a = NEXT_ROUND if s.phase == Phase.ROUND_OVER else choose(s, rng)
        s.apply(a)
        log.append(a)
    again = State.new(rules, 5, 123)
    for a in log:
        again.apply(Action.from_dict(json.loads(json.dumps(a.to_dict()))))
    assert again == s


def test_from_view_with_the_true_hidden_cards_rebuilds_the_state() -> None:
    rules = Rules.from_dict({"stack_draw_two": True, "jump_in": True, "seven_zero": True,
                             "wild_powers": True})
    rng = random.Random(3)
    checked = 0
    for seed in range(40):
        s = State.new(rules, 4, seed)
        while s.phase < Phase.ROUND_OVER:
            seat = rng.randrange(4)
            t = State.from_view(s.view(seat), [h[:] for h in s.hands], s.stock[:], seed=0)
            # hidden from other seats: a +4's guilt and the cards being given in a trade
            for f in ("rng", "turns", "reshuffles", "wd4_guilty", "wd4_run_bluffs", "give_cards"):
                setattr(t, f, getattr(s, f))
            assert t == s
            checked += 1
            s.apply(choose(s, rng))
    assert checked > 1000
