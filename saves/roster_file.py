"""A roster from a file: characters and mook groups a GM prepared in a spreadsheet or by hand.

Two formats with the same fields: CSV (a header line, then one row per entry) and JSON (an array
of objects). Each entry is a character (``kind`` empty or ``character``) or a mook group
(``kind`` = ``group``):

=============  =================================================================================
field          meaning
=============  =================================================================================
kind           ``character`` (the default) or ``group`` (``personnage`` / ``groupe`` too)
name           required for a character; a group without one is named after its grade
count          a character: how many numbered copies (default 1, "Garde 1…3");
               a group: how many mooks (required)
pc             true for a player character (default false: an NPC)
shadow         a PC's shadow, 0…10 (default 0)
hidden         true to hide it from the players
corps, esprit, combat, ame    whole numbers ≥ 0 (default 0)
trades         ``soldat: épée, arc; voleur``
armour         ``medium, shield`` (light, medium, heavy, shield, magic armour, magic shield,
               or cuir, cotte, plates, bouclier)
weapon         text; ``magic_weapon`` true for a magic or charged weapon
mystic         true for a mystic (âme + 5 pm)
affects        ``honneur, sa sœur``
notes          text
grade          a group's grade: civil, standard, veteran, elite (required for a group)
initiative     a group's initiative (default: its grade's value)
=============  =================================================================================

In CSV, true/false are ``true``/``false`` (also yes/no, oui/non, 1/0, empty = false). Reading is
all or nothing: the first error names the line and the field (``roster.csv: line 4: corps: must
be a whole number ≥ 0, got 'huit'``) and nothing is added. :func:`roster_text` writes a campaign's
roster in the same format (each character with count 1, each group with all its mooks standing),
so a file exported and imported again gives the same characters at full strength.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path

import attrs

from core.actions import AddMany, Outcome
from core.campaign import Campaign
from core.choices import _folded
from core.errors import RulesError
from core.mooks import MOOKS, MookGroup
from core.roster import Character
from core.shadow import SHADOW, Shadow
from core.templates import (
    COPIES,
    FIELDS,
    Book,
    Template,
    bool_field,
    copies,
    group_of,
    template_fields,
    template_from_fields,
    template_of,
    text_field,
    whole_field,
)
from core.validators import ANY_WHOLE, refuse_outside
from saves.errors import SaveError
from saves.reading import MAX_ROWS, csv_rows, json_value, read_bytes

ENTRY_FIELDS = (
    "kind",
    "name",
    "count",
    "pc",
    "shadow",
    "hidden",
    *(f for f in FIELDS if f != "name"),
    "grade",
    "initiative",
)
GROUP_FIELDS = {"kind", "name", "count", "hidden", "grade", "initiative"}
FORMATS = ("csv", "json")
#: The longest name an imported character or group may have (a name is a label on a row, not
#: a text: the longest alias is 60).
NAME_MAX = 80


class RosterFileError(ValueError):
    """A roster file that cannot be imported: the file, the line and the field, then why."""

    def __init__(self, path: str | Path, line: int | None, field: str | None, reason: str) -> None:
        self.path, self.line, self.field, self.reason = str(path), line, field, reason
        where = [self.path] + ([f"line {line}"] if line else []) + ([field] if field else [])
        super().__init__(": ".join([*where, reason]))


def format_of(path: str | Path, explicit: str | None = None) -> str:
    """``csv`` or ``json``: ``explicit``, else from the file's suffix."""
    fmt = (explicit or Path(path).suffix.lstrip(".")).lower()
    if fmt not in FORMATS:
        raise RosterFileError(path, None, None, f"unknown format {fmt or '(no suffix)'!r}: use a .csv or .json file")
    return fmt


# -- reading ---------------------------------------------------------------------------------


def _csv_rows(text: str, path: str) -> Iterator[tuple[int, dict[str, object]]]:
    try:
        header, rows = csv_rows(text, Path(path))
        for name in header:
            if name.strip() not in ENTRY_FIELDS:
                raise RosterFileError(path, 1, name, f"unknown column (allowed: {', '.join(ENTRY_FIELDS)})")
        for line, row in rows:
            if None in row:
                raise RosterFileError(path, line, None, "more cells than columns")
            cells: dict[str, object] = {
                k.strip(): _as_written(v) for k, v in row.items() if v is not None and v.strip() != ""
            }
            if cells:
                yield line, cells
    except SaveError as error:
        raise RosterFileError(path, None, None, error.reason) from None


def _json_rows(text: str, path: str) -> tuple[Iterator[tuple[int, dict[str, object]]], Callable[[int], int]]:
    """The objects of a JSON array, each with its place in it, and what gives the line an entry
    starts on from its place. The whole text is checked first (:func:`saves.reading.json_value`:
    valid, at most MAX_DEPTH deep); the lines are looked for only when an entry is refused."""
    whitespace = " \t\r\n"
    start = len(text) - len(text.lstrip(whitespace))
    if text[start : start + 1] != "[":
        raise RosterFileError(
            path, text.count("\n", 0, start) + 1, None, "a JSON roster is an array of objects: [{…}, {…}]"
        )
    try:
        entries = json_value(text.encode(), Path(path))
    except SaveError as error:
        raise RosterFileError(path, _json_error_line(error.reason), None, error.reason.removeprefix("is ")) from None
    if not isinstance(entries, list):  # pragma: no cover - the text starts with "["
        raise RosterFileError(path, 1, None, "a JSON roster is an array of objects: [{…}, {…}]")
    if len(entries) > MAX_ROWS:
        raise RosterFileError(path, None, None, f"{len(entries):,} entries: more than {MAX_ROWS:,} rows: not read")

    def line_of(place: int) -> int:
        """The line entry ``place`` starts on: the entries before it walked (linear in the file's size)."""
        decoder = json.JSONDecoder()
        i = start + 1
        for _ in range(place):
            i = _BETWEEN.match(text, i).end()  # type: ignore[union-attr]  # matches the empty string
            i = decoder.raw_decode(text, i)[1]
        i = _BETWEEN.match(text, i).end()  # type: ignore[union-attr]
        return text.count("\n", 0, i) + 1

    def rows() -> Iterator[tuple[int, dict[str, object]]]:
        for place, value in enumerate(entries):
            if not isinstance(value, dict):
                raise RosterFileError(path, line_of(place), None, "each entry must be an object {…}")
            yield place, value

    return rows(), line_of


#: What separates two entries of the array (and the "[" from the first).
_BETWEEN = re.compile(r"[ \t\r\n,]*")


def _same_line(line: int) -> int:
    return line


def _json_error_line(reason: str) -> int | None:
    """The line orjson's message names (``line 3 column 1``)."""
    match = re.search(r"line (\d+)", reason)
    return int(match[1]) if match else None


def _kind(value: object) -> str:
    kind = _folded(text_field("kind", value))
    if kind in ("", "character", "personnage", "pc", "npc", "pj", "pnj"):
        return "character"
    if kind in ("group", "groupe", "mooks", "sbires"):
        return "group"
    raise RulesError(
        "kind",
        f"unknown value {value!r}",
        "character, group",
        f"valeur inconnue {value!r}",
        allowed_fr="personnage, groupe",
    )


@attrs.define
class _LastTemplate:
    """The template the last character row made, and the fields it was made from."""

    fields: dict[str, object] = attrs.Factory(dict)
    template: Template | None = None

    def of(self, fields: Mapping[str, object]) -> Template:
        """The template of a row's :data:`FIELDS`: the last row's again when the row names the
        same one (the same fields with equal values of the same types: ``1`` is not ``true``),
        else made (:func:`template_from_fields`; its error, naming the field, as always)."""
        wanted = {k: v for k, v in fields.items() if k in FIELDS}
        last = self.fields
        if (
            self.template is not None
            and wanted == last
            and all(type(value) is type(last[key]) for key, value in wanted.items())
        ):
            return self.template
        template = template_from_fields(wanted)
        self.fields, self.template = wanted, template
        return template


def _entry(
    fields: Mapping[str, object], campaign: Campaign, book: Book, last: _LastTemplate
) -> list[Character | MookGroup]:
    unknown = [k for k in fields if k not in ENTRY_FIELDS]
    if unknown:
        raise RulesError(unknown[0], "unknown field", ENTRY_FIELDS, "champ inconnu")
    name = fields.get("name", "")
    if isinstance(name, str) and len(name) > NAME_MAX:
        raise RulesError(
            "name",
            f"at most {NAME_MAX} characters, got {len(name):,}",
            fr=f"au plus {NAME_MAX} caractères, pas {len(name):,}",
        )
    if _kind(fields.get("kind", "")) == "group":
        stray = [k for k in fields if k not in GROUP_FIELDS]
        if stray:
            raise RulesError(stray[0], "a group has no such field", sorted(GROUP_FIELDS), "un groupe n'a pas ce champ")
        if "grade" not in fields:
            raise RulesError(
                "grade", "a group needs a grade", "civil, standard, veteran, elite", "un groupe a besoin d'un rang"
            )
        if "count" not in fields:
            raise RulesError("count", "a group needs how many mooks", "≥ 1", "un groupe a besoin du nombre de sbires")
        initiative = fields.get("initiative")
        group = group_of(
            campaign, text_field("grade", fields["grade"]), whole_field("count", fields["count"], MOOKS),
            text_field("name", fields.get("name", "")), book=book,
            initiative=None if initiative is None else whole_field("initiative", initiative, ANY_WHOLE),
            hidden=bool_field("hidden", fields.get("hidden", False)),
        )  # fmt: skip
        return [group]
    template = last.of(fields)
    count = whole_field("count", fields.get("count", 1), COPIES)
    pc = bool_field("pc", fields.get("pc", False))
    shadow = whole_field("shadow", fields.get("shadow", 0), SHADOW)
    if shadow:
        if not pc:
            raise RulesError("shadow", "only a PC has shadow", fr="seul un PJ a une ombre")
        Shadow(value=shadow)
    return list(copies(template, count, campaign, pc=pc, shadow=shadow, book=book,
                       hidden=bool_field("hidden", fields.get("hidden", False))))  # fmt: skip


def parse_roster(text: str, fmt: str, campaign: Campaign, path: str = "roster") -> AddMany:
    """The addition a roster file's text makes to ``campaign``: all its entries, or the first
    error as a :class:`RosterFileError` naming the line and field."""
    rows, line_of = (_csv_rows(text, path), _same_line) if fmt == "csv" else _json_rows(text, path)
    characters: list[Character] = []
    groups: list[MookGroup] = []
    book = Book(campaign)
    last = _LastTemplate()
    where = None  # a CSV row's line, a JSON entry's place in the array (its line found if refused)
    try:
        for where, fields in rows:  # noqa: B007 - where is read after the loop: the except names it
            for item in _entry(fields, campaign, book, last):
                refuse_outside(item)  # a name with ESC or a bidi override: refused at its line
                if isinstance(item, MookGroup):
                    groups.append(item)
                else:
                    characters.append(item)
    except RulesError as error:
        raise RosterFileError(
            path,
            None if where is None else line_of(where),
            error.field or None,
            error.reason + (f" (allowed: {error.allowed})" if error.allowed else ""),
        ) from None
    if not characters and not groups:
        raise RosterFileError(path, None, None, "no character or group in the file")
    return AddMany(tuple(characters), tuple(groups))


def read_roster(path: str | Path, campaign: Campaign, fmt: str | None = None) -> AddMany:
    """:func:`parse_roster` on a file (its format from its suffix unless ``fmt``)."""
    fmt = format_of(path, fmt)
    try:
        raw = read_bytes(Path(path))
    except SaveError as error:
        raise RosterFileError(path, None, None, error.reason) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RosterFileError(path, raw.count(b"\n", 0, error.start) + 1, None, "is not UTF-8 text") from None
    return parse_roster(text, fmt, campaign, str(path))


# -- writing ---------------------------------------------------------------------------------


def _rows(campaign: Campaign) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for c in campaign.roster:
        row: dict[str, object] = {"kind": "character", **template_fields(template_of(c, name=c.name)), "count": 1}
        row["pc"] = c.pc
        row["shadow"] = c.shadow_value or 0
        row["hidden"] = c.hidden
        rows.append(row)
    for g in campaign.groups:
        rows.append(
            {
                "kind": "group",
                "name": g.name,
                "count": g.total,
                "grade": g.grade.value,
                "initiative": g.initiative,
                "hidden": g.hidden,
            }
        )
    return rows


def roster_text(campaign: Campaign, fmt: str) -> str:
    """The campaign's characters and groups in ``fmt`` (``csv`` or ``json``), readable back."""
    rows = _rows(campaign)
    if fmt == "json":
        ordered = [{k: row[k] for k in ENTRY_FIELDS if k in row} for row in rows]
        return "[\n" + ",\n".join("  " + json.dumps(r, ensure_ascii=False) for r in ordered) + "\n]\n"
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(ENTRY_FIELDS), lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({k: (str(v).lower() if isinstance(v, bool) else _inert(v)) for k, v in row.items()})
    return out.getvalue()


#: What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list).
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _inert(value: object) -> object:
    """A text cell a spreadsheet would run as a formula (``=HYPERLINK(…)``, ``-2+3``) gets a
    leading ``'``, which a spreadsheet shows as text; :func:`_as_written` takes it off again on
    import. Numbers are written as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA):
        return "'" + value
    return value


def _as_written(cell: str) -> str:
    """A cell as the GM wrote it: without the ``'`` an export put before a formula-like text."""
    return cell[1:] if cell.startswith("'") and cell[1:].startswith(_FORMULA) else cell


# -- a campaign file -------------------------------------------------------------------------


def import_into(
    campaign_path: str | Path, roster_path: str | Path, fmt: str | None = None, *, join: bool = False
) -> Outcome:
    """Add a roster file's entries to a campaign file, as one action of its journal (undo in the
    app removes them all); the campaign is locked meanwhile (an app that has it open refuses).
    ``join``: each also joins the fight under way (as the app's import dialog's box).
    Returns the :class:`~core.actions.Outcome`. Nothing is written when any entry is wrong."""
    from saves.lock import CampaignLock
    from saves.store import load_campaign, save_campaign

    campaign_path = Path(campaign_path)
    with CampaignLock(campaign_path):
        journal = load_campaign(campaign_path).journal
        action = read_roster(roster_path, journal.campaign, fmt)
        if join:
            action = attrs.evolve(action, join=True)
        journal, outcome = journal.record(action, checked=True)  # read_roster checked each row
        save_campaign(campaign_path, journal)
    return outcome
