"""Lessons as data: each file in assets/lessons stages a deal and names the moves that
complete it; this module loads them, builds their positions and judges a move."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game.app.art.assets import asset_path
from game.engine import Action, Cards, Kind, Rules, State, from_position
from game.engine.cards import CARD_FACE
from game.engine.position import face_of

# The options whose Try it opens a lesson: every option that changes how a turn is played.
TRY_IT_OPTIONS = (
    "stack_draw_two", "stack_draw_four", "stack_four_on_two", "stack_two_on_four",
    "deflect_draw_two", "jump_in", "play_doubles", "play_same_rank", "sum_jump_in",
    "sum_jump_in_any_colour", "sum_out", "numbers_win", "wild_powers", "seven_zero",
    "blank_cards", "forced_play", "draw_to_match", "seat_exchange", "teams", "misplay_penalty",
)


@dataclass(frozen=True, slots=True)
class Pattern:
    """A move a lesson step accepts: its kind, and (when given) its cards by face (any copy,
    any order), colour and target."""

    kind: Kind
    faces: tuple[int, ...] | None = None
    colour: int | None = None
    target: int | None = None

    def accepts(self, a: Action) -> bool:
        if a.kind != self.kind:
            return False
        if self.faces is not None and sorted(CARD_FACE[c] for c in a.cards) != list(self.faces):
            return False
        if self.colour is not None and a.colour != self.colour:
            return False
        return self.target is None or a.target == self.target


@dataclass(frozen=True, slots=True)
class Step:
    expect: tuple[Pattern, ...]
    do: tuple[dict[str, Any], ...]  # the gestures that complete it (the tests replay them)

    def accepts(self, a: Action) -> bool:
        return any(p.accepts(a) for p in self.expect)

    def faces(self) -> set[int]:
        """Faces of the cards this step wants played (to highlight them)."""
        return {f for p in self.expect if p.faces for f in p.faces}

    def kinds(self) -> set[Kind]:
        return {p.kind for p in self.expect}


@dataclass(frozen=True, slots=True)
class Lesson:
    id: str
    kind: str  # "basics" (the tutorial) or "rule" (a Try it)
    order: int
    option: str  # the rule a Try it teaches ("" for the basics)
    rules: Rules
    data: dict[str, Any]
    before: tuple[dict[str, Any], ...]
    steps: tuple[Step, ...]
    wrong: tuple[dict[str, Any], ...]

    @property
    def players(self) -> int:
        return len(self.data["hands"])

    def title_key(self) -> str:
        return f"rule.{self.option}" if self.option else f"lesson.{self.id}.title"

    def step_key(self, i: int) -> str:
        return f"lesson.{self.id}.step{i + 1}"

    def wrong_key(self) -> str:
        return f"lesson.{self.id}.wrong"

    def done_key(self) -> str:
        if self.data.get("done_text"):
            return f"lesson.{self.id}.done"
        return "tutorial.done" if self.option else "tutorial.done_basic"

    def position(self) -> State:
        """The staged deal, before the scripted opening moves."""
        d = self.data
        pick = Cards()
        hands = [pick.many(h) if h else [] for h in d["hands"]]
        top = pick(d["top"])
        stock = pick.many(d["stock"]) if d.get("stock") else []
        return from_position(self.rules, hands=hands, top=top, colour=d.get("colour"),
                             current=d.get("current", 0), stock=stock,
                             uno_called=d.get("uno_called"))

    def opening(self, s: State) -> list[Action]:
        """The scripted moves the other seats make before the learner's first decision."""
        return [_action(s, m) for m in self.before]


def _faces(names: str) -> tuple[int, ...]:
    out = []
    for n in names.split():
        colour, rank = face_of(n)
        out.append(colour * 16 + rank)
    return tuple(sorted(out))


def _action(s: State, m: dict[str, Any]) -> Action:
    """A scripted move, its cards named by face and taken from the mover's hand."""
    seat = m["seat"]
    hand = list(s.hands[seat])
    cards = []
    for f in _faces(m.get("cards", "")) if m.get("cards") else ():
        c = next(c for c in hand if CARD_FACE[c] == f)
        hand.remove(c)
        cards.append(c)
    return Action(Kind[m["kind"].upper()], seat, tuple(cards), m.get("colour", -1),
                  m.get("target", -1))


def _pattern(p: dict[str, Any]) -> Pattern:
    return Pattern(Kind[p["kind"].upper()], _faces(p["cards"]) if "cards" in p else None,
                   p.get("colour"), p.get("target"))


def parse(data: dict[str, Any]) -> Lesson:
    steps = tuple(Step(tuple(_pattern(p) for p in st["expect"]), tuple(st.get("do", ())))
                  for st in data["steps"])
    return Lesson(id=data["id"], kind=data["kind"], order=data.get("order", 0),
                  option=data.get("option", ""), rules=Rules.from_dict(data.get("rules", {})),
                  data=data, before=tuple(data.get("before", ())), steps=steps,
                  wrong=tuple(data.get("wrong", ())))


@lru_cache(maxsize=1)
def all_lessons() -> tuple[Lesson, ...]:
    folder = asset_path("lessons")
    found = [parse(json.loads(p.read_text(encoding="utf-8")))
             for p in sorted(folder.glob("*.json"))]
    return tuple(sorted(found, key=lambda le: (le.kind != "basics", le.order, le.id)))


def basics() -> list[Lesson]:
    return [le for le in all_lessons() if le.kind == "basics"]


def lesson_for(option: str) -> Lesson | None:
    return next((le for le in all_lessons() if le.option == option), None)


def try_it_available(option: str) -> bool:
    """Whether the rules screens offer a Try it for this option."""
    return option in TRY_IT_OPTIONS and lesson_for(option) is not None
