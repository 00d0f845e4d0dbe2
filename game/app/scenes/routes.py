"""Every scene by name, for the app's router (game/app/router.py): `app.open("replays")`.
A scene opened by name is built as `builder(app, *args, **kwargs)`."""

from __future__ import annotations

ROUTES: dict[str, str] = {
    "menu": "game.app.scenes.menu:MenuScene",
    "new_game": "game.app.scenes.new_game:NewGameScene",
    "quick_match": "game.app.scenes.new_game:quick_match",  # the last seats and rules
    "rules_edit": "game.app.scenes.rules_edit:RulesEditScene",  # (owner)
    "deal_code": "game.app.scenes.replays:CodeScene",
    "load": "game.app.scenes.load:LoadScene",
    "replays": "game.app.scenes.replays:ReplaysScene",
    "replay": "game.app.scenes.replay:ReplayScene",  # (record, review=True)
    "settings": "game.app.scenes.settings:SettingsScene",
    "keys": "game.app.scenes.keys:KeysScene",
    "stats": "game.app.scenes.stats:StatsScene",
    "rules": "game.app.scenes.help:RulesScene",  # (rules or None)
    "lessons": "game.app.tutorial.scene:LessonsScene",
    "try_it": "game.app.tutorial.scene:TryItScene",
    "tutorial": "game.app.tutorial.scene:TutorialScene",  # (lessons, index=0)
    # A match: (rules, seats, seed, log=(), created=None, match_id=None, base=None); raises the
    # engine's IllegalAction (nothing opened) when its seats cannot be dealt.
    "match": "game.app.scenes.table:open_match",
    "pause": "game.app.scenes.pause:PauseScene",  # (table)
    "handover": "game.app.scenes.handover:HandoverScene",  # (table, seat, then=, purpose=)
    "round_end": "game.app.scenes.round_end:RoundEndScene",  # (table)
    "match_end": "game.app.scenes.match_end:MatchEndScene",  # (table)
    "message": "game.app.scenes.message:MessageScene",  # (title, text)
    "confirm_quit": "game.app.scenes.confirm:ConfirmQuitScene",
}
