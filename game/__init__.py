"""UNO for the desktop: the rules engine (game.engine) and the pygame app (game.app)."""
