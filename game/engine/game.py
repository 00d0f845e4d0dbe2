"""The rules in action: legal actions for every seat, and apply() that returns events."""

from __future__ import annotations

from . import events as ev
from . import listing, mechanics, rng, validation
from .actions import NOBODY, Action, Kind
from .bluff import (
    challenged_seats,
    guilty_seats,
    is_bluff,
    run_answered,
    shares,
)
from .cards import (
    BLANK,
    CARD_COLOUR_T,
    CARD_POINTS,
    CARD_RANK_T,
    DRAW_TWO,
    NO_COLOUR,
    REVERSE,
    SKIP,
    WILD,
    WILD_DRAW_FOUR,
)
from .errors import IllegalAction
from .mechanics import (
    answers_penalty,
    close_windows,
    draw,
    draw_turn,
    end_turn,
    end_wd4_run,
    settle_penalty,
    take_penalty,
    uno_valid,
)
from .rules import Rules
from .state import StateData
from .validation import misplay_reason
from .view import SeatView

COL = CARD_COLOUR_T
RANK = CARD_RANK_T
TURN, DRAWN, CHOOSE_COLOUR, WILD_POWER, GIVE, PICK_TARGET, ROUND_OVER, MATCH_OVER = range(8)
# Enum member lookups cost ~90 ns each on Python 3.11 and every action makes several.
(K_PLAY, K_DRAW, K_KEEP, K_TAKE, K_CHALLENGE, K_CHOOSE_COLOUR, K_CALL_UNO, K_CATCH, K_JUMP_IN,
 K_SUM_JUMP_IN, K_SUM_OUT, K_PEEK, K_SWAP, K_GIVE, K_PICK_TARGET, K_TIMEOUT, K_NEXT_ROUND) = Kind
SYSTEM = NOBODY  # the "seat" of NEXT_ROUND: dealing is nobody's decision
class State(StateData):
    """A match in progress. Build one with State.new(rules, players, seed)."""

    __slots__ = ()

    # ----------------------------------------------------------------- creation
    @classmethod
    def new(cls, rules: Rules, players: int, seed: int, deal: bool = True) -> State:
        """A new match. With deal=False nothing is dealt yet: apply NEXT_ROUND to deal and
        get the dealing events (the app animates them)."""
        if not 2 <= players <= 10:
            raise IllegalAction(f"UNO is for 2 to 10 players, not {players}", "players",
                                count=players)
        if rules.teams and (players % rules.teams or players < 2 * rules.teams):
            raise IllegalAction(f"{players} players cannot form {rules.teams} equal teams "
                                "of two or more", "teams", count=players, teams=rules.teams)
        s = cls.__new__(cls)
        s.blank(rules, players, seed)
        if deal:
            s._start_round()
        return s

    # ------------------------------------------------------------- small helpers
    def next_seat(self, seat: int, steps: int = 1) -> int:
        return self.seating[(self.pos[seat] + self.direction * steps) % self.n]

    @property
    def top(self) -> int:
        return self.discard[-1]

    @property
    def live(self) -> bool:
        return self.phase < ROUND_OVER

    matches = mechanics.matches
    actors = listing.actors
    legal_actions = listing.legal_actions
    why_illegal = validation.why_illegal
    refusal = validation.refusal

    def penalty_answerable(self) -> bool:
        """Whether the rules let the player facing the pending penalty do anything but take
        it (stack, deflect, lay a pair, challenge), whatever they hold. False while a penalty
        is pending means it waits only for the jump-in window (a Draw Two under jump_in,
        RULES.md section 6): an app may take it for a human once others had their moment."""
        return self.pending > 0 and answers_penalty(self, RANK[self.discard[-1]])

    # -------------------------------------------------------------------- apply
    def apply(self, action: Action, validate: bool = True) -> list[ev.Event]:
        """Apply one action; return what happened. Illegal: raise, state untouched."""
        if validate:
            validation.validate(self, action)
        k = action.kind
        out: list[ev.Event] = []
        seat = action.seat
        if k == K_PLAY:
            if self.rules.misplay_penalty and self.phase <= DRAWN and validate and \
                    misplay_reason(self, action) is not None:
                self._misplay(seat, action, out)
            else:
                close_windows(self)
                self._play(seat, action.cards, action.colour, out, "")
        elif k == K_DRAW:
            close_windows(self)
            draw_turn(self, seat, out)
        elif k == K_KEEP:
            out.append(ev.CardKept(seat))
            end_turn(self, seat, out)
        elif k == K_TAKE:
            close_windows(self)
            take_penalty(self, seat, out)
            end_turn(self, seat, out)
        elif k == K_CHALLENGE:
            close_windows(self)
            self._challenge(seat, out)
        elif k == K_CHOOSE_COLOUR:
            self._choose_colour(seat, action.colour, out)
        elif k == K_CALL_UNO:
            self._call_uno(seat, out)
        elif k == K_CATCH:
            self._catch(seat, action.target, out)
        elif k == K_JUMP_IN:
            close_windows(self)
            self._play(seat, action.cards, -1, out, "jump_in")
        elif k == K_SUM_JUMP_IN:
            close_windows(self)
            self._play(seat, action.cards, -1, out, "sum_jump_in")
        elif k == K_SUM_OUT:
            close_windows(self)
            self._play(seat, tuple(self.hands[seat]), -1, out, "sum_out")
        elif k == K_PEEK:
            t = action.target
            out.append(ev.PowerChosen(seat, "peek", t))
            out.append(ev.HandShown(seat, t, tuple(self.hands[t]), "peek"))
            end_turn(self, seat, out)
        elif k == K_SWAP:
            out.append(ev.PowerChosen(seat, "swap", action.target))
            self.give_target = action.target
            self.give_cards = []
            self.phase = GIVE
            if self._trade_size(seat) == 0:
                self._finish_trade(seat, out)
        elif k == K_GIVE:
            self.give_cards.append(action.cards[0])
            if len(self.give_cards) >= self._trade_size(seat):
                self._finish_trade(seat, out)
        elif k == K_PICK_TARGET:
            self._swap_hands(seat, action.target, out)
            end_turn(self, seat, out)
        elif k == K_TIMEOUT:
            close_windows(self)
            out.append(ev.TimedOut(seat))
            draw(self, seat, self.rules.timer_penalty, "timer", out)
            if self.pending:
                take_penalty(self, seat, out)
            end_turn(self, seat, out)
        elif k == K_NEXT_ROUND:
            out.extend(self._start_round())
        return out

    # -------------------------------------------------------------- mechanics
    def _misplay(self, seat: int, a: Action, out: list[ev.Event]) -> None:
        close_windows(self)
        reason = misplay_reason(self, a)
        out.append(ev.Misplayed(seat, a.cards[0], reason.code if reason else ""))
        draw(self, seat, self.rules.misplay_penalty, "misplay", out)
        if self.pending:
            take_penalty(self, seat, out)
        end_turn(self, seat, out)

    def _play(self, seat: int, cards: tuple[int, ...], colour: int, out: list[ev.Event],
              how: str) -> None:
        r = self.rules
        hand = self.hands[seat]
        first = cards[0]
        k = RANK[first]
        prev_colour = self.colour
        was_pending = self.pending > 0
        if k == WILD_DRAW_FOUR:
            # Official rule: legal only without a card of the current colour that could have
            # been played now; judge it at once, while the hand is as it was.
            answered = self.discard[-1] if was_pending else -1
            if self.wd4_by < 0:  # not stacked on a Wild Draw Four: a new run starts
                end_wd4_run(self)
            self.wd4_guilty = is_bluff(r, [c for c in hand if c != first], prev_colour, answered)
            self.wd4_colour = prev_colour
            self.wd4_on = answered
            self.wd4_run.append(seat)
            self.wd4_run_colours.append(prev_colour)
            self.wd4_run_bluffs.append(self.wd4_guilty)
        for c in cards:
            hand.remove(c)
            self.discard.append(c)
        last = cards[-1]
        keep_colour = k == WILD and r.wild_powers and colour < 0
        if COL[last] != NO_COLOUR:
            self.colour = COL[last]
        elif not keep_colour:
            self.colour = colour
        self.alt = list(cards) if how == "sum_jump_in" else []
        self.window_seat = seat
        self.current = seat
        self.drawn = -1
        out.append(ev.CardPlayed(seat, cards, self.colour if not keep_colour else -1, how))
        if len(hand) == 1 and not self.uno_called[seat]:
            self.uno_risk = seat
        elif len(hand) != 1:
            self.uno_called[seat] = False
        out_now = not hand
        count = len(cards)
        if how in ("sum_jump_in", "sum_out"):
            if out_now:
                self._round_won(seat, out)
            else:
                end_turn(self, seat, out)
            return
        if k in (DRAW_TWO, WILD_DRAW_FOUR):
            self.pending += (2 if k == DRAW_TWO else 4) * count
            if k == WILD_DRAW_FOUR:
                self.wd4_by = seat
            else:
                end_wd4_run(self)  # a Draw Two breaks the run of Wild Draw Fours
            victim = self.next_seat(seat)
            # Under jump_in a Draw Two waits for its victim to act (RULES.md section 6): an
            # identical one jumped in first adds up and passes it on.
            if was_pending or answers_penalty(self, k) or (k == DRAW_TWO and r.jump_in):
                self._face_penalty(seat, victim, out, out_now, stacked=was_pending)
                return
            # Nobody may answer: the victim draws at once and loses the turn.
            take_penalty(self, victim, out)
            if out_now:
                self._round_won(seat, out)
                return
            end_turn(self, seat, out, skip=1)
            return
        if was_pending and (k in (SKIP, REVERSE)):
            # Deflecting a Draw Two: pass it over the next player, or send it back. A double
            # acts as in a turn: two Skips skip one player, two Reverses keep the direction
            # (so the penalty goes on to the next player).
            flip = k == REVERSE and count == 1
            if flip:
                self.direction = -self.direction
                out.append(ev.DirectionReversed(self.direction))
            victim = self.next_seat(seat) if (self.n == 2 or k == REVERSE) else \
                self.next_seat(seat, 2)
            if k == SKIP and self.n > 2:
                out.append(ev.TurnSkipped(self.next_seat(seat)))
            self._face_penalty(seat, victim, out, out_now, stacked=True)
            return
        if out_now:
            self._round_won(seat, out)
            return
        if k == SKIP:
            skips = count if r.play_same_rank else 1
            end_turn(self, seat, out, skip=skips)
        elif k == REVERSE:
            flips = count if (r.play_same_rank or count == 1) else 2
            if flips % 2:
                self.direction = -self.direction
                out.append(ev.DirectionReversed(self.direction))
                if self.n == 2 and r.two_player_skip:
                    end_turn(self, seat, out, skip=1)
                    return
            end_turn(self, seat, out)
        elif k == WILD and r.wild_powers and colour < 0:
            self.phase = WILD_POWER
        elif k == BLANK and r.blank_effect == "swap_hands" or k == 7 and r.seven_zero:
            self.phase = PICK_TARGET
        elif k == 0 and r.seven_zero:
            self._rotate_hands(out)
            end_turn(self, seat, out)
        else:
            end_turn(self, seat, out)

    def _face_penalty(self, seat: int, victim: int, out: list[ev.Event], out_now: bool,
                      stacked: bool) -> None:
        """`victim` now faces the pending penalty: stack, deflect, challenge or take it.
        Going out on a penalty card ends the round, but whoever faces it still draws."""
        if stacked:
            out.append(ev.PenaltyStacked(seat, self.pending, victim))
        self.current = victim
        self.phase = TURN
        self.turns += 1
        if out_now:
            take_penalty(self, victim, out)
            self._round_won(seat, out)

    def _challenge(self, seat: int, out: list[ev.Event]) -> None:
        """Judge every player of the run of Wild Draw Fours on top of the pending stack, each
        by the hand they held when playing (RULES.md section 6, seed 000 section 5 (1))."""
        run = self.wd4_run
        judged = challenged_seats(run, seat)
        guilty = guilty_seats(run, self.wd4_run_bluffs, seat)
        # The innocent first, then each guilty verdict followed by the cards it costs.
        for accused in judged:
            if accused not in guilty:
                self._show_verdict(seat, accused, False, out)
        if not guilty:
            self.pending += self.rules.challenge_penalty * len(judged)
            take_penalty(self, seat, out)
            end_turn(self, seat, out)
            return
        total = self.pending
        settle_penalty(self)
        for accused, share in zip(guilty, shares(total, len(guilty)), strict=True):
            self._show_verdict(seat, accused, True, out)
            out.append(ev.PenaltyTaken(accused, share))
            draw(self, accused, share, "challenge", out)
        self.phase = TURN  # the challenger now takes a normal turn on the named colour
        self.turns += 1

    def _show_verdict(self, seat: int, accused: int, guilty: bool, out: list[ev.Event]) -> None:
        out.append(ev.Challenged(seat, accused, guilty))
        out.append(ev.HandShown(seat, accused, tuple(self.hands[accused]), "challenge"))

    def _choose_colour(self, seat: int, colour: int, out: list[ev.Event]) -> None:
        self.colour = colour
        out.append(ev.ColourChosen(seat, colour))
        if self.phase == WILD_POWER:
            end_turn(self, seat, out)
        else:  # first-card Wild: the player to the dealer's left now plays
            self.current = self.resume
            self.resume = -1
            self.phase = TURN

    def _call_uno(self, seat: int, out: list[ev.Event]) -> None:
        valid = uno_valid(self, seat)
        out.append(ev.UnoCalled(seat, valid))
        if valid:
            self.uno_called[seat] = True
        else:
            draw(self, seat, self.rules.false_uno_penalty, "false_uno", out)

    def _catch(self, seat: int, target: int, out: list[ev.Event]) -> None:
        valid = target == self.uno_risk and not self.uno_called[target]
        out.append(ev.Caught(seat, target, valid))
        if not valid:
            draw(self, seat, self.rules.false_catch_penalty, "false_catch", out)
            return
        self.catchers |= 1 << seat
        keep = self.rules.uno_penalty_per_catcher
        draw(self, target, self.rules.uno_penalty, "uno", out)
        self.uno_risk = target if keep else -1

    def _swap_hands(self, seat: int, target: int, out: list[ev.Event]) -> None:
        h = self.hands
        h[seat], h[target] = h[target], h[seat]
        self.uno_called[seat] = self.uno_called[target] = False
        self.uno_risk = -1
        out.append(ev.HandsSwapped(seat, target))

    def _rotate_hands(self, out: list[ev.Event]) -> None:
        old = self.hands
        new: list[list[int]] = [[] for _ in range(self.n)]
        for s in range(self.n):
            new[self.next_seat(s)] = old[s]
        self.hands = new
        self.uno_called = [False] * self.n
        self.uno_risk = -1
        out.append(ev.HandsRotated(self.direction))

    def _trade_size(self, seat: int) -> int:
        """Cards each side gives in a 3-card trade: always even (RULES.md section 6,
        wild_powers), so with fewer than 3 cards on either side both give that many."""
        return min(3, len(self.hands[seat]), len(self.hands[self.give_target]))

    def _finish_trade(self, seat: int, out: list[ev.Event]) -> None:
        target = self.give_target
        theirs = self.hands[target]
        given = self.give_cards
        taken: list[int] = []
        for _ in range(len(given)):
            taken.append(theirs.pop(self.rand(len(theirs))))
        mine = self.hands[seat]
        for c in given:
            mine.remove(c)
            theirs.append(c)
        mine.extend(taken)
        out.append(ev.CardsTraded(seat, target, tuple(given), tuple(taken)))
        self.give_cards = []
        self.give_target = -1
        # Nobody's card count changed: a call made with one card still stands, but a call
        # made with a double does not survive losing one of the pair.
        for p in (seat, target):
            if len(self.hands[p]) != 1:
                self.uno_called[p] = False
        end_turn(self, seat, out)

    # ------------------------------------------------------------ round & match
    def _round_won(self, winner: int, out: list[ev.Event]) -> None:
        from .scoring import score_round

        close_windows(self)
        settle_penalty(self)
        self.phase = ROUND_OVER
        self.current = -1
        self.last_winner = winner
        points = tuple(sum(CARD_POINTS[c] for c in h) for h in self.hands)
        out.extend(score_round(self, winner, points))

    def _start_round(self) -> list[ev.Event]:
        from .setup import start_round

        return start_round(self)

    # --------------------------------------------------------------------- view
    def view(self, seat: int) -> SeatView:
        mine = seat == self.current
        return SeatView(
            seat=seat, rules=self.rules, players=self.n, phase=self.phase,
            current=self.current, direction=self.direction, hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            top=self.discard[-1] if self.discard else -1, colour=self.colour,
            also_matches=tuple(self.alt), pending=self.pending,
            challengeable=self.wd4_by >= 0 and self.rules.wild_draw_four_rule == "official",
            wd4_by=self.wd4_by, wd4_colour=self.wd4_colour, discard=tuple(self.discard),
            stock_size=len(self.stock), uno_called=tuple(self.uno_called),
            uno_risk=self.uno_risk, catchers=self.catchers, last_player=self.window_seat,
            drawn=self.drawn if mine else -1, giving=tuple(self.give_cards) if mine else (),
            give_target=self.give_target, resume=self.resume, scores=tuple(self.scores),
            round_no=self.round_no, dealer=self.dealer, last_winner=self.last_winner,
            seating=tuple(self.seating), teams=tuple(self.team_of),
            round_over=self.phase >= ROUND_OVER, match_over=self.phase == MATCH_OVER,
            winners=tuple(self.winners), wd4_on=self.wd4_on, wd4_run=tuple(self.wd4_run),
            wd4_run_colours=tuple(self.wd4_run_colours),
        )

    @classmethod
    def from_view(cls, view: SeatView, hands: list[list[int]], stock: list[int],
                  seed: int) -> State:
        """A full state consistent with what `view.seat` sees, with the hidden cards (others'
        hands, the stock order) filled in by the caller: a determinization for search.
        `hands[view.seat]` must be the seat's own hand; the RNG is seeded afresh."""
        if list(hands[view.seat]) != list(view.hand):
            raise IllegalAction("a determinization must keep the seat's own hand", "world")
        if [len(h) for h in hands] != list(view.hand_sizes):
            raise IllegalAction("a determinization must keep every hand's size", "world")
        s = cls.__new__(cls)
        s.rules = view.rules
        s.n = view.players
        s.hands = [list(h) for h in hands]
        s.stock = list(stock)
        s.discard = list(view.discard)
        s.alt = list(view.also_matches)
        s.give_cards = list(view.giving)
        s.colour = view.colour
        s.direction = view.direction
        s.current = view.current
        s.phase = view.phase
        s.pending = view.pending
        s.wd4_by = view.wd4_by
        s.wd4_colour = view.wd4_colour
        # The seat cannot know whether a +4 was a bluff; in this world it is decided by the
        # accuser's sampled hand.
        s.wd4_on = view.wd4_on
        s.wd4_run = list(view.wd4_run)
        s.wd4_run_colours = list(view.wd4_run_colours)
        s.wd4_run_bluffs = [
            is_bluff(view.rules, hands[p], colour, run_answered(
                view.discard, view.pending, len(view.wd4_run), view.wd4_on, i))
            for i, (p, colour) in enumerate(zip(view.wd4_run, view.wd4_run_colours,
                                                strict=True))]
        s.wd4_guilty = bool(s.wd4_run_bluffs) and s.wd4_run_bluffs[-1]
        # Another seat's drawn card is hidden; it is the last card of the drawer's hand.
        s.drawn = view.drawn if view.drawn >= 0 or view.phase != DRAWN else \
            s.hands[view.current][-1]
        s.resume = view.resume
        s.give_target = view.give_target
        s.uno_risk = view.uno_risk
        s.catchers = view.catchers
        s.window_seat = view.last_player
        s.round_no = view.round_no
        s.dealer = view.dealer
        s.last_winner = view.last_winner
        s.rng = rng.seed_state(seed)
        s.turns = 0
        s.reshuffles = 0
        s.scores = list(view.scores)
        s.seating = list(view.seating)
        s.pos = [0] * view.players
        for i, seat in enumerate(view.seating):
            s.pos[seat] = i
        s.team_of = list(view.teams)
        s.winners = list(view.winners)
        s.uno_called = list(view.uno_called)
        s._check()
        return s

