"""Lessons as data: each file in assets/lessons stages a deal and names the moves that
complete it; this module loads them, builds their positions and judges a move."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from game.app.art.assets import asset_path
from game.engine import Action, Cards, Kind, Rules, State, from_position
from game.engine.cards import CARD_FACE
from game.engine.position import face_of
from game.engine.rules import SPECS
from saves.errors import CorruptSave, SaveError
from saves.fields import one_line
from saves.jsonsafe import read_json

# The options whose Try it opens a lesson: every option that changes how a turn is played.
TRY_IT_OPTIONS = (
    "stack_draw_two", "stack_draw_four", "stack_four_on_two", "stack_two_on_four",
    "deflect_draw_two", "jump_in", "play_doubles", "play_same_rank", "sum_jump_in",
    "sum_jump_in_any_colour", "sum_out", "numbers_win", "wild_powers", "seven_zero",
    "blank_cards", "forced_play", "draw_to_match", "seat_exchange", "teams",
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
        c = next((c for c in hand if CARD_FACE[c] == f), None)
        if c is None:
            raise LessonError(f"seat {seat} has no {m['cards']} to play")
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


# -- loading, checked ------------------------------------------------------------------

LESSON_MAX_BYTES = 64 * 1024  # the largest lesson is about 2 KiB
_KINDS = {kind.name.lower() for kind in Kind}
_ID = re.compile(r"[a-z0-9_]{1,40}")


class LessonError(ValueError):
    """A lesson file that cannot be used: the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class BrokenLesson:
    """A lesson file that failed its checks: shown as unavailable, with the reason."""

    file: str
    reason: str
    id: str = ""
    kind: str = ""
    option: str = ""

    def title_key(self) -> str:
        if self.option:
            return f"rule.{self.option}"
        return f"lesson.{self.id}.title" if self.id else ""


def _need(ok: bool, reason: str) -> None:
    if not ok:
        raise LessonError(reason)


def _is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _check_move(m: Any, where: str, players: int, keys: frozenset[str]) -> None:
    _need(isinstance(m, dict), f"{where} is not an object")
    _need(set(m) <= keys, f"{where} has unknown entries")
    _need(isinstance(m.get("kind"), str) and m["kind"].lower() in _KINDS,
          f"{where} has no known kind of move")
    if "seat" in keys:
        _need(_is_int(m.get("seat"), 0, players - 1), f"{where} names no seat of the lesson")
    if "cards" in m:
        _need(isinstance(m["cards"], str) and bool(m["cards"].split()), f"{where} has no cards")
        _faces(m["cards"])  # StateError for an unknown card name
    if m.get("colour") is not None:
        _need(_is_int(m["colour"], 0, 3), f"{where} has a colour that is not 0 to 3")
    if m.get("target") is not None:
        _need(_is_int(m["target"], 0, players - 1), f"{where} targets no seat of the lesson")


def _check_data(data: Any) -> None:
    """The shape of a lesson file: every entry of the right type before anything is built."""
    _need(isinstance(data, dict), "it is not a JSON object")
    _need(isinstance(data.get("id"), str) and bool(_ID.fullmatch(data["id"])),
          "its id is not 1 to 40 of a-z, 0-9 and _")
    _need(data.get("kind") in ("basics", "rule"), "its kind is neither basics nor rule")
    _need(_is_int(data.get("order", 0), -1000, 1000), "its order is not a whole number")
    option = data.get("option", "")
    _need(isinstance(option, str) and (option == "" or option in SPECS),
          "it teaches a rule option this game does not have")
    _need(isinstance(data.get("rules", {}), dict), "its rules are not an object")
    hands = data.get("hands")
    _need(isinstance(hands, list) and 2 <= len(hands) <= 10
          and all(isinstance(h, str) for h in hands), "its hands are not 2 to 10 texts")
    _need(isinstance(data.get("top"), str), "it has no top card")
    _need(isinstance(data.get("stock", ""), str), "its stock is not a text")
    players = len(hands)
    _need(data.get("colour") is None or _is_int(data["colour"], 0, 3),
          "its colour is not 0 to 3")
    _need(_is_int(data.get("current", 0), 0, players - 1), "its current seat is not a seat")
    called = data.get("uno_called")
    _need(called is None or (isinstance(called, list) and len(called) == players
                             and all(isinstance(c, bool) for c in called)),
          "its UNO calls are not one true/false per seat")
    before = data.get("before", [])
    _need(isinstance(before, list), "its opening moves are not a list")
    for i, m in enumerate(before):
        _check_move(m, f"opening move {i + 1}", players,
                    frozenset({"seat", "kind", "cards", "colour", "target"}))
    steps = data.get("steps")
    _need(isinstance(steps, list) and bool(steps), "it has no steps")
    for i, step in enumerate(steps):
        _need(isinstance(step, dict) and isinstance(step.get("expect"), list)
              and bool(step["expect"]), f"step {i + 1} expects no move")
        for pattern in step["expect"]:
            _check_move(pattern, f"step {i + 1}", players,
                        frozenset({"kind", "cards", "colour", "target"}))
        _need(isinstance(step.get("do", []), list)
              and all(isinstance(g, dict) for g in step.get("do", [])),
              f"step {i + 1} has odd gestures")
    wrong = data.get("wrong", [])
    _need(isinstance(wrong, list) and all(isinstance(g, dict) for g in wrong),
          "its wrong moves are not a list of gestures")


def check(lesson: Lesson) -> None:
    """That the lesson can be played: its deal is a position the engine accepts, its opening
    moves are legal one after the other, and its first step asks for a move the learner has.
    LessonError (or the engine's error) says what is wrong."""
    state = lesson.position()
    for i, action in enumerate(lesson.opening(state)):
        why = state.why_illegal(action)
        _need(why is None, f"opening move {i + 1} is not allowed here ({why})")
        state.apply(action)
    first = lesson.steps[0]
    legal = [a for seat in range(state.n) for a in state.legal_actions(seat)]
    _need(any(first.accepts(a) for a in legal), "its first step asks for a move nobody has")


def load(path: Path) -> Lesson:
    """One lesson file, read (a regular file only, of a sane size) and checked. LessonError,
    or the saves error that says why it could not be read."""
    data = read_json(path, max_bytes=LESSON_MAX_BYTES)
    _check_data(data)
    lesson = parse(data)
    check(lesson)
    return lesson


def _broken(path: Path, exc: BaseException) -> BrokenLesson:
    if isinstance(exc, CorruptSave):
        reason = exc.reason
    elif isinstance(exc, SaveError):
        reason = str(exc)
    else:
        reason = str(exc) or type(exc).__name__
    known: dict[str, Any] = {}
    try:
        raw = read_json(path, max_bytes=LESSON_MAX_BYTES)
        known = {k: raw.get(k) for k in ("id", "kind", "option")}
    except SaveError:
        pass
    texts = {k: v if isinstance(v, str) and len(v) <= 40 else "" for k, v in known.items()}
    option = texts.get("option", "")
    return BrokenLesson(path.name[:60], one_line(reason), texts.get("id", ""),
                        texts.get("kind", ""), option if option in SPECS else "")


@lru_cache(maxsize=1)
def load_lessons() -> tuple[tuple[Lesson, ...], tuple[BrokenLesson, ...]]:
    """Every lesson in assets/lessons, checked: the good ones in order, and the files that
    failed (each with its reason). A bad file never stops the others."""
    folder = asset_path("lessons")
    try:
        paths = sorted(folder.glob("*.json"))
    except OSError:
        paths = []
    found: list[Lesson] = []
    broken: list[BrokenLesson] = []
    ids: set[str] = set()
    for path in paths:
        try:
            lesson = load(path)
            _need(lesson.id not in ids, f"another lesson has the id {lesson.id}")
        except Exception as exc:  # any failure of a lesson file is that lesson's alone
            broken.append(_broken(path, exc))
            continue
        ids.add(lesson.id)
        found.append(lesson)
    found.sort(key=lambda le: (le.kind != "basics", le.order, le.id))
    return tuple(found), tuple(broken)


def all_lessons() -> tuple[Lesson, ...]:
    return load_lessons()[0]


def broken_lessons(kind: str | None = None) -> tuple[BrokenLesson, ...]:
    """The lesson files that could not be used (of `kind`, "basics" or "rule", if given; a
    file that does not say it is a rule's lesson counts as a basic one)."""
    broken = load_lessons()[1]
    if kind is None:
        return broken
    return tuple(b for b in broken if (b.kind == "rule") == (kind == "rule"))


def basics() -> list[Lesson]:
    return [le for le in all_lessons() if le.kind == "basics"]


def lesson_for(option: str) -> Lesson | None:
    return next((le for le in all_lessons() if le.option == option), None)


def try_it_available(option: str) -> bool:
    """Whether the rules screens offer a Try it for this option."""
    return option in TRY_IT_OPTIONS and lesson_for(option) is not None
