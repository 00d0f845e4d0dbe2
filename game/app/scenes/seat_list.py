"""The New game screen's seats as data: the kinds a seat can be, the names remembered or
made up for them, and the seats of a quick party."""

from __future__ import annotations

from game.app.i18n import stored_name, tr
from game.app.textsafe import entry_text
from saves.match import DEFAULT_HUMAN_NAME

KINDS = ("human", "easy", "normal", "hard", "expert")
AI_NAMES = ("Ada", "Bao", "Chen", "Dara", "Emil", "Fei", "Gus", "Hana", "Ivo", "Jun")

NAME_LIMIT = 16  # what the name entry accepts

Seat = dict[str, str]  # {"name": stored name, "kind": one of KINDS}


def remembered_name(value: object) -> str | None:
    """A seat name from settings.json as the app can use it, or None when it cannot (not
    text, empty, longer than the entry accepts, or holding control characters)."""
    if not isinstance(value, str):
        return None
    name = entry_text(value).strip()  # what the name box could hold (see game.app.textsafe)
    if not name or len(name) > NAME_LIMIT or not name.isprintable():
        return None
    return name


def default_seats() -> list[Seat]:
    return [{"name": DEFAULT_HUMAN_NAME, "kind": "human"},
            {"name": AI_NAMES[0], "kind": "normal"},
            {"name": AI_NAMES[1], "kind": "normal"},
            {"name": AI_NAMES[2], "kind": "normal"}]


def free_name(seats: list[Seat]) -> str:
    used = {s["name"] for s in seats}
    return next((n for n in AI_NAMES if n not in used), f"AI {len(seats) + 1}")


def repair_names(seats: list[Seat]) -> None:
    """Remembered names the game cannot use are replaced by the default for the seat."""
    for seat in seats:
        seat["name"] = stored_name(remembered_name(seat["name"]) or "")
    for i, seat in enumerate(seats):
        if seat["name"]:
            continue
        used = {s["name"] for s in seats}
        if seat["kind"] == "human":
            name = DEFAULT_HUMAN_NAME if i == 0 else tr("seat.player", number=i + 1)
            seat["name"] = name if name not in used else free_name(seats)
        else:
            seat["name"] = free_name(seats)


def party_seats(n: int) -> list[Seat]:
    """N humans around the screen, the rest of a table of at least 5 filled with AIs."""
    total = max(5, n + 2)
    seats = [{"name": tr("seat.player", number=i + 1), "kind": "human"} for i in range(n)]
    while len(seats) < total:
        seats.append({"name": free_name(seats), "kind": "normal"})
    return seats


def name_the_shared_seats(seats: list[Seat]) -> None:
    """"You" names nobody when several people share the screen: each human seat left as
    "You" becomes "Player N"."""
    if sum(s["kind"] == "human" for s in seats) > 1:
        for i, seat in enumerate(seats):
            if seat["kind"] == "human" and seat["name"] == DEFAULT_HUMAN_NAME:
                used = {s["name"] for s in seats}
                name = tr("seat.player", number=i + 1)
                seat["name"] = name if name not in used else free_name(seats)
