"""Every rule option is exercised by a scenario test, and the presets are what RULES.md says."""

from __future__ import annotations

from pathlib import Path

from game.engine import COMMUNITY, OFFICIAL, PARTY, PRESETS, SPECS, Rules

SCENARIOS = ["test_setup.py", "test_turns.py", "test_house_rules.py", "test_scoring.py"]


def test_every_option_identifier_appears_in_a_scenario_test() -> None:
    here = Path(__file__).parent
    text = "\n".join((here / name).read_text() for name in SCENARIOS)
    # official-preset defaults are exercised through the preset itself (e.g. high_card)
    missing = [name for name in SPECS if name not in text]
    assert missing == []


def test_presets() -> None:
    assert Rules() == OFFICIAL and all(
        not getattr(OFFICIAL, n) for n in ("stack_draw_two", "jump_in", "seven_zero"))
    assert OFFICIAL.two_player_skip and OFFICIAL.draw_then_play
    assert COMMUNITY.changed() == {
        "stack_draw_two": True, "stack_draw_four": True, "stack_four_on_two": True,
        "jump_in": True, "play_doubles": True, "misplay_penalty": 1}
    assert COMMUNITY.uno_penalty == 2 and COMMUNITY.false_catch_penalty == 2
    assert PARTY.changed() == {"stack_draw_two": True, "stack_draw_four": True,
                               "jump_in": True, "seven_zero": True, "draw_to_match": True}
    assert set(PRESETS) == {"official", "community", "party"}


def test_rules_round_trip() -> None:
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules
