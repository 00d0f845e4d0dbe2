"""Why an AI chose a move, as a key and values the app words in the player's language."""

from __future__ import annotations

from dataclasses import dataclass

# Every key a Reason may carry; the app's locale files have a sentence for each
# (hint.why.<key>), and a test keeps the two in step.
KEYS = frozenset({
    "accept_p", "block", "block_next", "bluff", "call_uno", "catch", "challenge_p",
    "challenge_size", "draw", "draw_keep_wild", "fits", "generic", "give_high", "goes_out",
    "goes_out_run", "run_n",
    "jump_in", "keep_drawn", "keep_wild", "let_pass", "makes_draw", "name_because",
    "name_colour", "name_strongest", "next_low", "pass_penalty", "play_drawn", "plays_n",
    "rotate", "searched", "shed_points", "strongest", "sum_out", "swap_fewest", "swap_hands",
    "take", "take_penalty", "trade", "trade_cards", "turn_away",
})


@dataclass(frozen=True, slots=True)
class Reason:
    key: str
    n: int = 0  # a count: cards, a penalty, simulated deals
    m: int = 0  # a second count
    seat: int = -1  # the player the reason is about
    colour: int = -1
    p: float = 0.0  # a probability: a bluff's, or the share of simulated deals won
    inner: Reason | None = None  # the reason behind this one ("name red: <inner>")

    def __post_init__(self) -> None:
        if self.key not in KEYS:
            raise ValueError(f"unknown reason {self.key!r}")

    def __str__(self) -> str:
        """Compact and language-free, for logs and test output."""
        parts = [f"{f}={getattr(self, f)}" for f, unset in
                 (("n", 0), ("m", 0), ("seat", -1), ("colour", -1), ("p", 0.0))
                 if getattr(self, f) != unset]
        if self.inner is not None:
            parts.append(f"inner={self.inner}")
        return f"{self.key}({', '.join(parts)})"


GENERIC = Reason("generic")


def own_reason(reason: Reason | None, cards: tuple[int, ...], planned: int,
                plays_wild: bool, plays_draw: bool) -> Reason | None:
    """A reason worded for what the move itself does. A plan may go on past the move (a
    Skip with two players gives another turn): what the later cards do is said as a run,
    never as the move's own effect; and a move never "keeps a wild" while playing one."""
    if reason is None:
        return None
    run = planned > len(cards)
    if reason.key == "goes_out" and run:
        return Reason("goes_out_run")
    if reason.key == "plays_n" and run:
        return Reason("run_n", n=reason.n)
    if reason.key == "keep_wild" and plays_wild:
        return None
    if reason.key == "makes_draw" and not plays_draw:
        return None
    return reason


def best_reason(terms: list[tuple[float, Reason | None]]) -> Reason | None:
    """The reason of the weightiest term that has one."""
    named = [t for t in terms if t[1] is not None]
    return max(named, key=lambda t: t[0])[1] if named else None
