"""A penalty at the real table (playtest 2026-12-01: the +2/+4 cards flying to the victim were
"barely visible, the count jumps"): each card flies full size on a visible arc, one just
behind another, into the victim's fan while the counter rolls up."""

from __future__ import annotations

from dataclasses import replace

from game.app.art import motion
from game.app.table import effects, render
from game.engine import OFFICIAL, Action, Kind
from saves.settings import AnimationSpeed
from tests.app.conftest import frames
from tests.app.helpers import open_table, seats
from tests.engine.helpers import make


def _table(app, hands: list[str]):
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    state, _ = make(OFFICIAL, hands=hands)
    table = open_table(app, OFFICIAL, seats(3, tier="normal"), state=state)
    table.match.players.clear()  # the AIs hold still: every move is the test's
    table.director.finish_all()
    return table, state


def test_a_draw_two_flies_each_card_full_size_on_an_arc(app, monkeypatch) -> None:
    table, s = _table(app, ["r+2 g3", "g1 g2 g3", "y1 y2", "b1 b2"])
    backs: list[int] = []
    real_card = render.card_surface

    def card_spy(art, card, width, **kw):
        if card == -1:
            backs.append(width)
        return real_card(art, card, width, **kw)

    bows: list[float] = []
    real_arc = motion.arc

    def arc_spy(start, end, t, bow):
        bows.append(bow)
        return real_arc(start, end, t, bow)

    monkeypatch.setattr(render, "card_surface", card_spy)
    monkeypatch.setattr(motion, "arc", arc_spy)
    events = table.match.apply(Action(Kind.PLAY, 0, (s.hands[0][0],)))
    table.animate(events)
    for _ in range(60):  # the +2 lands, then its two cards fly to Ada
        frames(app, 1, 20)
    lay = table.stage.layout
    assert table.model.counts[1] == 5
    big = [w for w in backs if w >= 0.85 * lay.centre_w]
    # Seen at (nearly) the size of the pile's cards for much of the way, not as the fan's
    # small backs from the stock on.
    assert len(big) >= 8, f"backs drawn {sorted(set(backs))}, pile cards {lay.centre_w}"
    assert min(backs) <= lay.small_w + 4  # and small as they land in the fan
    start, end = lay.stock.center, effects.EventPlayer(table.stage)._fan_point(1)
    dist = ((end[0] - start[0]) ** 2 + (end[1] - start[1]) ** 2) ** 0.5
    assert max(bows) >= min(0.25 * dist, 120 * lay.unit)  # a high arc, clearly a throw


def _pending_badges(monkeypatch) -> list[tuple[int, int]]:
    """Each frame's "+N" badge by the pile (drawn from model.pending), with your card count."""
    seen: list[tuple[int, int]] = []
    real = render.draw_piles

    def spy(surface, app, layout, model, *args, **kw):
        seen.append((model.pending, model.counts[0]))
        return real(surface, app, layout, model, *args, **kw)

    monkeypatch.setattr(render, "draw_piles", spy)
    return seen


def test_the_stack_badge_follows_each_stacked_card_as_it_lands(app, monkeypatch) -> None:
    from game.engine import Rules

    rules = Rules(stack_draw_two=True)
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    state, _ = make(rules, hands=["g+2 b1 b2", "r+2 y2", "y+2 g1 g2"], top="r5", current=1)
    table = open_table(app, rules, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    table.director.finish_all()
    for seat in (1, 2):  # +2, then +2 on it: 4 pending, facing you
        table.animate(table.match.apply(Action(Kind.PLAY, seat, (state.hands[seat][0],))))
        for _ in range(100):
            frames(app, 1, 20)
    assert table.model.pending == 4
    mine = state.hands[0][0]
    table.animate(table.match.apply(Action(Kind.PLAY, 0, (mine,))))  # you stack: 6
    after_landing: list[int] = []
    for _ in range(60):
        frames(app, 1, 20)
        if table.model.top == mine:
            after_landing.append(table.model.pending)
    assert after_landing, "your +2 never landed"
    # One frame for the step to start, then +6 (it stayed +4 for the next 750 ms).
    assert after_landing[1:3] == [6, 6], after_landing[:6]


def test_an_innocent_four_challenged_shows_the_six_being_taken(app, monkeypatch) -> None:
    import pygame

    from tests.app.conftest import key
    from tests.app.helpers import settle

    badges = _pending_badges(monkeypatch)
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    state, _ = make(OFFICIAL, hands=["b1 b2 g5", "y1 y2", "+4 g1 g2"], top="r5", current=2)
    table = open_table(app, OFFICIAL, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    # Seat 2 holds no red: its +4 is honest; you challenge it and take 6.
    table.animate(table.match.apply(Action(Kind.PLAY, 2, (state.hands[2][0],), 2)))
    settle(app, table)
    assert table.model.pending == 4
    badges.clear()
    key(app, pygame.K_1, frames=1)  # challenge
    for _ in range(200):
        frames(app, 1, 20)
    assert table.model.counts[0] == 9 and table.model.pending == 0
    drawing = [(b, n) for b, n in badges if n > 3]
    # While your six cards arrive the badge says how many are still to come (it said +4
    # of a +4 that had become six, then nothing).
    assert drawing and all(b + n == 9 for b, n in drawing), drawing


def test_a_stack_on_you_counts_up_beside_your_panel_not_over_your_hand(app, monkeypatch) -> None:
    import pygame

    from game.app import fonts
    from game.engine import Rules

    shouts: list[tuple[str, tuple[int, int], int]] = []
    real = render.draw_banner

    def spy(surface, text, centre, size, *args, **kw):
        shouts.append((text, centre, size))
        return real(surface, text, centre, size, *args, **kw)

    monkeypatch.setattr(render, "draw_banner", spy)
    rules = Rules(stack_draw_two=True)
    app.apply_settings(replace(app.settings, animation_speed=AnimationSpeed.NORMAL))
    state, _ = make(rules, hands=["b1 b2 g5", "r+2 y2", "y+2 g1 g2"], top="r5", current=1)
    table = open_table(app, rules, seats(2, tier="normal"), state=state)
    table.match.players.clear()
    table.director.finish_all()
    # Both in one go: the second's count must start from the first's total, not from what
    # the table showed when they were queued.
    events = table.match.apply(Action(Kind.PLAY, 1, (state.hands[1][0],)))
    events += table.match.apply(Action(Kind.PLAY, 2, (state.hands[2][0],)))  # +4 on you
    table.animate(events)
    for _ in range(120):
        frames(app, 1, 20)
    counts = [(text, c, size) for text, c, size in shouts if text.startswith("+")]
    assert {text for text, _, _ in counts} <= {"+2", "+3", "+4"}
    assert "+4" in {text for text, _, _ in counts}
    hand = table.hand_rects
    for text, centre, size in counts:
        w, h = fonts.font(size, bold=True).size(text)
        rect = pygame.Rect(0, 0, w + size, h + size // 2)
        rect.center = centre
        assert not any(rect.colliderect(r) for r in hand), f"{text} over your hand"
