"""How the initiative list draws one row: the layout of its cells (initiative, name, HP bar,
armour, shadow, pm) and the tags of its state cell, as pure functions of the row's values and a
:class:`Painter` (the list's styles and language); and the column heads laid out to match."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from core.breakdown import Lang
from core.conditions import tag as condition_tag
from core.damage import Vital
from core.encounter import Participant
from core.mooks import MookGroup
from core.roster import Character
from core.shadow import tainted
from tui.i18n import pick, t
from tui.safe import visible

# -- row layout ----------------------------------------------------------------------------
PREFIX, INIT, BAR, HP, ARMOUR, SHADOW, PM = 2, 3, 5, 6, 5, 3, 3
NAME_MIN, NAME_MAX, TAGS_MIN = 6, 22, 12
#: Past this many changed rows (a new round ticks every condition) one refresh beats many.
REPAINT_ONE_BY_ONE = 32


def name_width(width: int) -> tuple[int, int]:
    """(name width, bar width) for a row ``width`` cells wide: the bar goes first when narrow."""
    bar = BAR if width >= 45 else 0
    fixed = PREFIX + INIT + 1 + 1 + bar + HP + ARMOUR + SHADOW + PM + 1
    return max(NAME_MIN, min(NAME_MAX, width - fixed - TAGS_MIN)), bar


def fit(text: str, width: int) -> str:
    """``text`` padded or cut (with …) to exactly ``width`` cells."""
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return set_cell_size(text, width)
    return set_cell_size(text, width - 1) + "…"


def fit_name(name: str, width: int) -> str:
    """``name`` padded or cut to exactly ``width`` cells, keeping its end: the words that tell
    two names apart are often the last (``Arb… de Villon``, ``Arb… du toit``). The cut is made
    after at least 3 cells of the start; a last word too long for that is cut in the middle."""
    if width <= 0 or cell_len(name) <= width:
        return fit(name, width)
    if width < 8:
        return fit(name, width)
    room = width - 1
    words = name.split(" ")
    for start in range(1, len(words)):
        tail = " " + " ".join(words[start:])
        if cell_len(tail) <= room - 3:
            return set_cell_size(name, room - cell_len(tail)) + "…" + tail
    head = (room + 1) // 2
    tail = name[-(room - head) :]
    while cell_len(tail) > room - head:
        tail = tail[1:]
    return set_cell_size(set_cell_size(name, head) + "…" + tail, width)


def bar(value: int, top: int, width: int) -> tuple[str, str]:
    """``("███", "░░")``: the filled and empty parts of a ``width``-cell bar."""
    if width <= 0:
        return "", ""
    filled = 0 if top <= 0 or value <= 0 else max(1, min(width, round(width * value / top)))
    return "█" * filled, "░" * (width - filled)


Entity = Character | MookGroup


class Tag(NamedTuple):
    """A word in a row's state cell: its rank (vital state 0, conditions 1, bruising 2,
    delaying 3, hidden 4), its full and short texts, its style."""

    rank: int
    full: str
    short: str
    style: Style | None


class Painter(NamedTuple):
    """What a row's look takes beyond its own values: the list's component styles by name, its
    language, the campaign's taint threshold and how it names a combatant by key."""

    style: Callable[[str], Style]
    lang: Lang
    taint_threshold: int
    name_of: Callable[[str], str]


Piece = tuple[str, Style | None]


def row_strip(
    p: Painter,
    key: str,
    entity: Entity | None,
    part: Participant | None,
    width: int,
    base: Style,
    *,
    current: bool,
    marked: bool,
) -> Strip:
    """The row of ``key``: its cells, then its state cell's tags, ``width`` cells wide."""
    name_w, bar_w = name_width(width)
    pieces: list[Piece] = [("▶" if current else " ", p.style("current")), ("*" if marked else " ", p.style("marked"))]
    value = part.initiative if part is not None else getattr(entity, "initiative", 0)
    pieces.append((f"{value:>{INIT}} ", None))
    name = visible(entity.name if entity is not None else key, lines=False)
    name_style = p.style("current") if current else (p.style("marked") if marked else None)
    pieces.append((fit_name(name, name_w) + " ", name_style))
    # The state cell: the vital state first, then the conditions, then what matters less
    # (bruising, delaying, hidden).
    tags: list[Tag] = []
    if part is not None and part.delaying:
        tags.append(Tag(3, t("init.tag.delaying", p.lang), t("init.short.delaying", p.lang), p.style("muted")))
    if isinstance(entity, Character):
        character_cells(p, entity, bar_w, pieces, tags)
    elif isinstance(entity, MookGroup):
        group_cells(p, entity, bar_w, pieces, tags)
    else:
        pieces.append((" " * (bar_w + HP + ARMOUR + SHADOW + PM), None))
    if part is not None:
        for cond in part.conditions:
            full, short = (
                pick(condition_tag(cond, p.name_of, own_turn=current and not part.delaying), p.lang),
                pick(condition_tag(cond, p.name_of, short=True, own_turn=current and not part.delaying), p.lang),
            )
            tags.append(Tag(1, full, short, p.style("condition")))
    if entity is not None and entity.hidden:
        tags.append(Tag(4, t("init.tag.hidden", p.lang), t("init.short.hidden", p.lang), p.style("muted")))
    tags.sort(key=lambda tag: tag.rank)  # stable: conditions keep their order
    pieces += tag_pieces(tags, width - sum(cell_len(text) for text, _ in pieces))
    if isinstance(entity, Character) and entity.state is Vital.DEAD:
        base = base + p.style("dead")
    segments = [Segment(text, base + style if style is not None else base) for text, style in pieces]
    return Strip(segments).crop_extend(0, width, base).simplify()  # one escape sequence per run of a style


def tag_pieces(tags: list[Tag], room: int) -> list[Piece]:
    """The tags in the ``room`` left: when the full texts do not fit, every tag takes its short
    form (``KO``, ``stun1``): at 120 columns a knocked-out row still shows its conditions."""
    if not tags or room <= 1:
        return []
    texts = [tag.full for tag in tags]
    if cell_len(" ".join(texts)) > room - 1:
        texts = [tag.short for tag in tags]
    pieces: list[Piece] = [(" ", None)]
    room -= 1
    for n, (text, tag) in enumerate(zip(texts, tags, strict=True)):
        text = visible(text if n == 0 else " " + text, lines=False)
        if cell_len(text) > room:
            pieces.append((fit(text, room), tag.style))
            break
        pieces.append((text, tag.style))
        room -= cell_len(text)
    return pieces


def character_cells(p: Painter, c: Character, bar_w: int, pieces: list[Piece], tags: list[Tag]) -> None:
    """A character's HP bar, HP, armour, shadow and pm cells; its bruising and vital-state tags."""
    lang, state = p.lang, c.state
    full, empty = bar(c.hp - c.bruise, c.max_hp, bar_w)
    low = c.hp * 2 <= c.max_hp
    pieces.append((full, p.style("bar-low" if low else "bar")))
    pieces.append((empty, p.style("bar-empty")))
    hp_style = p.style("danger") if state in (Vital.DYING, Vital.DEAD) else None
    pieces.append((f"{c.hp}/{c.max_hp}".rjust(HP), hp_style))
    armour = f"{c.armour}/{c.max_armour}" if c.max_armour else ""
    pieces.append((armour.rjust(ARMOUR), None))
    if c.shadow is not None:
        style = p.style("tainted") if tainted(c.shadow, p.taint_threshold) else None
        pieces.append((str(c.shadow.value).rjust(SHADOW), style))
    else:
        pieces.append((" " * SHADOW, None))
    pieces.append(((str(c.pm) if c.mystic else "").rjust(PM), None))
    if c.bruise:  # the HP numbers count bruising in: say how much of them it is
        tags.append(
            Tag(2, t("init.tag.bruised", lang, n=c.bruise), t("init.short.bruised", lang, n=c.bruise), p.style("muted"))
        )
    if state is Vital.DYING:
        key = "stabilised" if c.stabilised else "dying"
        tags.append(
            Tag(
                0,
                t(f"init.tag.{key}", lang),
                t(f"init.short.{key}", lang),
                p.style("muted" if c.stabilised else "danger"),
            )
        )
    elif state is not Vital.STANDING:
        tags.append(Tag(0, t(f"init.tag.{state.value}", lang), t(f"init.short.{state.value}", lang), p.style("danger")))


def group_cells(p: Painter, g: MookGroup, bar_w: int, pieces: list[Piece], tags: list[Tag]) -> None:
    """A group's standing bar and count, its grade; "all down" when nobody stands."""
    full, empty = bar(g.standing, g.total, bar_w)
    pieces.append((full, p.style("bar-low" if g.standing * 2 <= g.total else "bar")))
    pieces.append((empty, p.style("bar-empty")))
    pieces.append((f"{g.standing}/{g.total}".rjust(HP), None))
    pieces.append((t(f"init.grade.{g.grade.value}", p.lang).rjust(ARMOUR), p.style("muted")))
    pieces.append((" " * (SHADOW + PM), None))
    if g.standing == 0:
        tags.append(Tag(0, t("init.tag.all_down", p.lang), t("init.short.all_down", p.lang), p.style("danger")))


def header_text(lang: Lang, width: int) -> str:
    """The column heads, laid out like the rows."""
    name_w, bar_w = name_width(width)
    head = (
        " " * PREFIX
        + t("init.col.init", lang).rjust(INIT)
        + " "
        + fit(t("init.col.name", lang), name_w)
        + " "
        + t("init.col.hp", lang).ljust(bar_w + HP)
        + t("init.col.armour", lang).rjust(ARMOUR)
        + t("init.col.shadow", lang).rjust(SHADOW)
        + t("init.col.pm", lang).rjust(PM)
        + " "
        + t("init.col.state", lang)
    )
    return head[:width]
