"""The table: match driving (humans, AI workers, pacing), display model, animation, drawing."""
