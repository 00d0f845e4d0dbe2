"""What one seat may see (RULES.md section 8): its own hand and the public table, nothing else."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    rules: Rules
    players: int
    phase: int
    current: int  # whose decision the game waits for (-1 between rounds)
    direction: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    top: int
    colour: int
    also_matches: tuple[int, ...]  # cards a sum jump-in laid down, any of which may be followed
    pending: int
    challengeable: bool  # the pending Wild Draw Four may be challenged
    wd4_by: int
    wd4_colour: int  # the colour that was current when that Wild Draw Four was played
    discard: tuple[int, ...]  # the face-up pile since the last reshuffle, bottom first
    stock_size: int
    uno_called: tuple[bool, ...]
    uno_risk: int  # seat that may still be caught for not calling UNO (-1: none)
    catchers: int  # bit mask of seats that already caught uno_risk
    last_player: int  # seat whose play opened the jump-in window (-1: closed)
    drawn: int  # the card this seat just drew and may play (-1: none)
    giving: tuple[int, ...]  # cards this seat has chosen so far to give in a trade
    give_target: int  # whom the player to act is trading cards with (-1: nobody)
    resume: int  # who plays once the first card's colour is named
    scores: tuple[int, ...]
    round_no: int
    dealer: int
    last_winner: int
    seating: tuple[int, ...]
    teams: tuple[int, ...]
    round_over: bool
    match_over: bool
    winners: tuple[int, ...]
    # The pending penalty card the challengeable Wild Draw Four answered (-1: none); with
    # wd4_colour it says which cards would have made that +4 a bluff (see engine.bluff).
    wd4_on: int = -1
    # The unbroken run of Wild Draw Fours on top of the pending stack, oldest first: who played
    # each and the colour in force before it (a challenge judges them all; engine.bluff).
    wd4_run: tuple[int, ...] = ()
    wd4_run_colours: tuple[int, ...] = ()

    def next_seat(self, seat: int, steps: int = 1) -> int:
        pos = self.seating.index(seat)
        return self.seating[(pos + self.direction * steps) % self.players]
