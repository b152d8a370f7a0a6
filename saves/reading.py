"""Files from outside — a roster to import, the template library, the keymap — read with bounds.

No such file can stop, hang or exhaust the tool: each is read only if it is a regular file (a
FIFO or a device at its path is refused at once, never waited on), at most :data:`MAX_BYTES`
long; JSON and TOML nest at most :data:`MAX_DEPTH` deep (an array or table inside another counts
one); a CSV cell holds at most :data:`MAX_FIELD` characters and a file at most :data:`MAX_ROWS`
rows. Every refusal is a :class:`~saves.errors.SaveError` naming the file (and the line when
there is one), never a traceback.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import orjson

from saves.atomic import load_bytes
from saves.errors import NotJsonError, SaveError

#: The largest file read: a roster of 100,000 rows is about 15 MiB.
MAX_BYTES = 64 * 1024 * 1024
#: The deepest nesting (a roster is 2 deep, the template library 3, a keymap 2).
MAX_DEPTH = 16
#: The longest CSV cell (a character's notes): the csv module's own limit, 131,072 characters.
MAX_FIELD = csv.field_size_limit()
#: The most rows a roster file may hold.
MAX_ROWS = 100_000


def read_bytes(path: Path, *, limit: int = MAX_BYTES, follow: bool = False) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them (a longer file is a
    SaveError); a symlink is followed only with ``follow`` (a keymap kept in a dotfiles folder)."""
    raw = load_bytes(Path(path).resolve() if follow else path, limit=limit + 1)
    if len(raw) > limit:
        raise SaveError(path, f"is larger than {_size(limit)}: not read")
    return raw


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MiB" if limit >= 1024 * 1024 else f"{limit // 1024} KiB"


def depth(value: object) -> int:
    """How deep arrays and objects nest in ``value`` (a number or a string: 0), without recursion:
    one level at a time (a roster's 100,000 objects are one level, not 100,000 steps)."""
    deepest, level = 0, [value]
    while True:
        containers = [item for item in level if isinstance(item, (dict, list))]
        if not containers:
            return deepest
        deepest += 1
        level = []
        for item in containers:
            level.extend(item.values() if isinstance(item, dict) else item)


def check_depth(value: object, path: Path, limit: int = MAX_DEPTH) -> object:
    """``value``, or a SaveError when it nests deeper than ``limit``."""
    if depth(value) > limit:
        raise SaveError(path, f"nests arrays or objects more than {limit} deep: not read")
    return value


def json_value(raw: bytes, path: Path, limit: int = MAX_DEPTH) -> object:
    """The JSON value of ``raw`` (orjson: strict UTF-8, no lone surrogate, no NaN), at most
    ``limit`` deep; a :class:`NotJsonError` naming the line otherwise."""
    try:
        value = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        raise NotJsonError(path, f"is not valid JSON ({error})") from None
    return check_depth(value, path, limit)


def toml_table(text: str, path: Path, limit: int = MAX_DEPTH) -> dict[str, object]:
    """The table of a TOML text, at most ``limit`` deep (tomllib's own recursion is caught: a
    deeper file is refused, never a crash). Raises ``tomllib.TOMLDecodeError`` for bad TOML."""
    import tomllib

    try:
        table = tomllib.loads(text)
    except RecursionError:
        raise SaveError(path, f"nests arrays or tables more than {limit} deep: not read") from None
    check_depth(table, path, limit)
    return table


def csv_rows(text: str, path: Path) -> tuple[list[str], Iterator[tuple[int, dict[str, str | None]]]]:
    """A CSV text's header, and its rows as ``(line, {column: cell})``. A cell past
    :data:`MAX_FIELD`, a NUL, more rows than :data:`MAX_ROWS` are a SaveError naming the line."""
    reader = csv.DictReader(io.StringIO(text))
    try:
        header = list(reader.fieldnames or [])
    except csv.Error as error:
        raise SaveError(path, f"line 1: {_csv_problem(error)}") from None

    def rows() -> Iterator[tuple[int, dict[str, str | None]]]:
        count = 0
        try:
            for row in reader:
                count += 1
                if count > MAX_ROWS:
                    raise SaveError(path, f"line {reader.line_num}: more than {MAX_ROWS:,} rows: not read")
                yield reader.line_num, row
        except csv.Error as error:
            raise SaveError(path, f"line {reader.line_num + 1}: {_csv_problem(error)}") from None

    return header, rows()


def _csv_problem(error: csv.Error) -> str:
    if "field larger than field limit" in str(error):
        return f"a cell longer than {MAX_FIELD:,} characters: not read"
    return f"not valid CSV ({error})"
