"""The game's scenes: menu, new game, table, overlays, scoring, settings, statistics, help."""
