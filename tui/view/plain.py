"""The players' view as plain lines (``apotheose view --lines``): for screen readers, braille
displays and chat bridges.

:func:`opening` tells the state once, in a few lines (the fight, the round, whose turn, who
stands); :func:`changes` tells what changed between two pictures, one line each: a new fight or
its end, the round, whose turn, each new log line the players may read (who took what), who
fell, health shown otherwise, conditions put on, who came to the table. A row that
leaves the table (removed, hidden, renamed by an alias) is not spoken of: its name is not said
again. Both
are made from :class:`core.player_view.PlayerView` values only (the players' file and its feed),
so they cannot tell more than the view shows; and they hold no control character at all (no
cursor movement, no colour): a name or a log line holding one is never in the players' file
(:func:`saves.integrity.check_text`), and :func:`plain` drops any that would be.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from core.breakdown import Lang
from core.player_view import PlayerView, Row, Wounds
from tui.i18n import t
from tui.view.render import condition_text, details, health

#: A row's place-independent identity: its kind, its name, and which of that name it is.
Key = tuple[str, str, int]


def plain(text: str) -> str:
    """``text`` on one line, without any control character (C0, DEL, C1)."""
    return "".join(ch if ch.isprintable() else " " for ch in text.replace("\n", " ")).strip()


def _say(key: str, lang: Lang, **values: object) -> str:
    return plain(t(f"view.lines.{key}", lang, **values))


def _keyed(rows: Iterable[Row]) -> dict[Key, Row]:
    seen: dict[tuple[str, str], int] = {}
    out: dict[Key, Row] = {}
    for row in rows:
        n = seen.get((row.kind, row.name), 0)
        seen[(row.kind, row.name)] = n + 1
        out[(row.kind, row.name, n)] = row
    return out


def fell(row: Row) -> bool:
    """Whether the players see ``row`` down or dead (a group: none left standing)."""
    if row.wounds in (Wounds.DOWN, Wounds.DEAD):
        return True
    if row.standing is not None:
        return row.standing == 0
    return row.bar == 0


def _turn(view: PlayerView, lang: Lang, pc: str | None) -> list[str]:
    current = view.current
    if current is None:
        return []
    said = [
        _say("turn_next", lang, name=current.name, next=view.next_up)
        if view.next_up is not None
        else _say("turn", lang, name=current.name)
    ]
    if pc is not None and view.your_turn and current.name.casefold() == pc.casefold() and current.kind == "pc":
        said.append(_say("your_turn", lang, pc=current.name))
    return said


def opening(view: PlayerView, lang: Lang = "en", pc: str | None = None) -> list[str]:
    """The state in a few lines: the campaign and the fight (or none), the round, whose turn,
    who stands and who is down."""
    if view.encounter is None:
        return [_say("no_fight", lang, campaign=view.campaign)]
    out = [_say("fight", lang, campaign=view.campaign, name=view.encounter)]
    if view.round is not None:
        out.append(_say("round", lang, n=view.round))
    out += _turn(view, lang, pc)
    standing = [r.name for r in view.rows if not fell(r)]
    down = [r.name for r in view.rows if fell(r)]
    out.append(_say("standing", lang, names=", ".join(standing) if standing else _say("nobody", lang)))
    if down:
        out.append(_say("down", lang, names=", ".join(down)))
    return out


def new_log(before: PlayerView, after: PlayerView) -> tuple[int, int]:
    """Where the log lines ``after`` adds to ``before`` start in ``after.log``, and how many:
    ``after.log`` is ``before.log`` moved on (its oldest lines dropped, new ones added). A log
    that does not follow (an undo took lines back and older ones came in) adds none: its lines
    were told already, and telling the whole window again is a repaint."""
    old, new = before.log, after.log
    if not old:
        return 0, len(new)
    for drop in range(len(old)):
        kept = len(old) - drop
        if kept <= len(new) and old[drop:] == new[:kept]:
            return kept, len(new) - kept
    return len(new), 0


def _row_changes(name: str, was: Row, now: Row, lang: Lang) -> Iterator[str]:
    if fell(now) and not fell(was):
        yield _say("falls", lang, name=name, health=health(now, lang))
    elif fell(was) and not fell(now):
        yield _say("back", lang, name=name, health=health(now, lang))
    elif health(now, lang) != health(was, lang):
        yield _say("health", lang, name=name, health=health(now, lang))
    for field in ("shadow", "pm"):
        if getattr(now, field) != getattr(was, field) and getattr(now, field) is not None:
            detail = next(d for d in details(now, lang) if d.startswith(t(f"view.word.{field}", lang)))
            yield _say("detail", lang, name=name, detail=detail)
    if now.delaying and not was.delaying:
        yield _say("delays", lang, name=name)
    # A condition put on is said; one gone from the row is not: the row also loses its
    # conditions when the GM stops showing them (a private PC), and saying "ends" would tell
    # more than the row, or something false (an ending the players may read has its log line).
    had = {c.name for c in was.conditions}
    for c in now.conditions:
        if c.name not in had:
            yield _say("condition_on", lang, name=name, condition=condition_text(c, lang))


def changes(before: PlayerView, after: PlayerView, lang: Lang = "en", pc: str | None = None) -> list[str]:
    """One line per change from ``before`` to ``after`` (none when nothing the players see
    changed): the fight, the round, whose turn, the new log lines, then each combatant's."""
    out: list[str] = []
    if after.encounter != before.encounter:
        if after.encounter is None:
            return [_say("fight_over", lang, campaign=after.campaign), *_logged(before, after, lang)]
        return opening(after, lang, pc)
    if after.round is not None and after.round != before.round:
        out.append(_say("round", lang, n=after.round))
    was_current, now_current = before.current, after.current
    if now_current is not None and (
        was_current is None or now_current.name != was_current.name or after.round != before.round
    ):
        out += _turn(after, lang, pc)
    out += _logged(before, after, lang)
    old, new = _keyed(before.rows), _keyed(after.rows)
    for key, row in new.items():
        was = old.get(key)
        if was is None:
            out.append(_say("joins", lang, name=row.name, health=health(row, lang)))
        else:
            out += _row_changes(row.name, was, row, lang)
    return out


def _logged(before: PlayerView, after: PlayerView, lang: Lang) -> list[str]:
    at, count = new_log(before, after)
    return [plain(ln.text(lang)) for ln in after.log[at : at + count]]
