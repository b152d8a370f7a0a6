"""The players' view as lines of text (Rich ``Text``, never markup: names are data)."""

from __future__ import annotations

from rich.text import Text

from core.breakdown import Lang
from core.player_view import PlayerView, Row, ShownCondition
from tui.i18n import register, t

WORDS = {
    "round": ("round", "round"),
    "turn": ("turn", "tour"),
    "no_fight": ("no fight under way", "pas de combat en cours"),
    "hp": ("HP", "PV"),
    "standing": ("standing", "debout"),
    "shadow": ("shadow", "ombre"),
    "pm": ("pm", "pm"),
    "delaying": ("delaying", "retarde"),
    "log": ("Log", "Journal"),
    "nothing_yet": ("Nothing to show yet.", "Rien à montrer pour l'instant."),
}

NAME_WIDTH = 24


register({f"view.word.{key}": pair for key, pair in WORDS.items()})


def word(key: str, lang: Lang) -> str:
    return t(f"view.word.{key}", lang)


def header(view: PlayerView, lang: Lang = "en") -> Text:
    text = Text(view.campaign, style="bold", no_wrap=True, overflow="ellipsis")
    if view.encounter is None:
        text.append(f" — {word('no_fight', lang)}")
        return text
    text.append(" — ")
    text.append(view.encounter)
    text.append(f" · {word('round', lang)} {view.round}")
    current = view.current
    if current is not None:
        text.append(f" · {word('turn', lang)}: ")
        text.append(current.name, style="bold")
    return text


def health(row: Row, lang: Lang) -> str:
    label = row.wounds.label.text(lang) if row.wounds is not None else ""
    if row.hp is not None:
        return f"{word('hp', lang)} {row.hp}/{row.max_hp}" + (f" · {label}" if label else "")
    if row.standing is not None:
        return f"{row.standing}/{row.total} {word('standing', lang)}"
    return label or "—"


def row_line(row: Row, lang: Lang = "en") -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    mark_style = "bold reverse" if row.current else ""
    text.append("▶ " if row.current else "  ", style=mark_style)
    name = row.name if len(row.name) <= NAME_WIDTH else row.name[: NAME_WIDTH - 1] + "…"
    text.append(name.ljust(NAME_WIDTH), style="bold" if row.current else "")
    text.append(" ")
    text.append(health(row, lang).ljust(30))
    extras = []
    if row.shadow is not None:
        extras.append(f"{word('shadow', lang)} {row.shadow}")
    if row.pm is not None:
        extras.append(f"{word('pm', lang)} {row.pm}/{row.max_pm}")
    if row.delaying:
        extras.append(word("delaying", lang))
    extras.extend(condition_text(c, lang) for c in row.conditions)
    text.append("  ".join(extras))
    text.rstrip()
    return text


def table_lines(view: PlayerView, lang: Lang = "en") -> list[Text]:
    lines = [header(view, lang), Text()]
    lines.extend(row_line(r, lang) for r in view.rows)
    if not view.rows:
        lines.append(Text(word("nothing_yet", lang)))
    return lines


def log_lines(view: PlayerView, lang: Lang = "en") -> list[Text]:
    return [Text(ln.text(lang), no_wrap=True, overflow="ellipsis") for ln in view.log]


def condition_text(c: ShownCondition, lang: Lang) -> str:
    """``stunned (2)``, ``blessed``, ``shielded (→Alduin)``, ``taunted (→end Alduin)``."""
    if c.rounds is not None:
        return f"{c.name} ({c.rounds})"
    if c.until is not None:
        end = ("end " if lang == "en" else "fin ") if c.at_end else ""
        return f"{c.name} (→{end}{c.until})"
    return c.name
