"""uno-sim seats any tier in any seat and reports per-tier figures."""

from __future__ import annotations

import json

from game.sim import main


def test_sim_reports_every_tier(capsys) -> None:
    main(["--seats", "expert,hard,normal,easy", "--rounds", "8", "--seed", "1", "--json",
          "--budget-ms", "5", "--quiet"])
    out = json.loads(capsys.readouterr().out)
    assert out["played"] == 8 and len(out["seats"]) == 4
    for entry in out["seats"]:
        for key in ("tier", "win_rate", "ci95", "decision_ms_p50", "decision_ms_p95",
                    "avg_points_left"):
            assert key in entry
        lo, hi = entry["ci95"]
        assert 0 <= lo <= entry["win_rate"] <= hi <= 1
    assert [s["tier"] for s in out["seats"]] == ["expert", "hard", "normal", "easy"]
    assert sum(s["wins"] for s in out["seats"]) == 8


def test_sim_aggregates_a_tier_in_several_seats(capsys) -> None:
    main(["--seats", "hard,easy,easy", "--rounds", "6", "--json", "--quiet"])
    out = json.loads(capsys.readouterr().out)
    assert out["tiers"]["easy"]["seats"] == 2
    assert out["tiers"]["easy"]["wins"] + out["tiers"]["hard"]["wins"] == 6
