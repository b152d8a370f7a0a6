"""Text from people and files is data: refused on the way in when it holds what a terminal would
obey, escaped on the way out.

One definition of "a control character" for the whole project (core's actions, the save format,
the roster and template readers, the app and the command line):

- :data:`UNSAFE`: C0 controls but tab and newline, DEL, C1 controls, bidi embeddings,
  overrides, isolates and marks, and lone surrogates (no file can hold them: every save
  would fail);
- :data:`UNSAFE_IN_LINE`: the same, newline and tab included (one-line texts: names).

On the way in, :func:`core.validators.refuse_outside` refuses a value (an action, a character…)
holding one, naming the field. On the way out, :func:`visible` turns each into a visible escape (``\\x1b``),
and :func:`terminal_line` is what the command line prints of anybody's text: one line, escaped,
cut.
"""

from __future__ import annotations

import re

_CONTROLS = "\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff"
#: What a terminal would act upon (and lone surrogates): C0 but tab and newline, DEL, C1, bidi.
UNSAFE = re.compile(f"[\x00-\x08\x0b-\x1f{_CONTROLS}]")
#: The same, newline and tab included (one-line texts: names).
UNSAFE_IN_LINE = re.compile(f"[\x00-\x1f{_CONTROLS}]")
#: Fields whose text may span lines (a newline or a tab is then allowed).
FREE_TEXT = frozenset({"notes", "note", "effect", "en", "fr"})
#: Longest value quoted in a message (a huge bad value is cut).
QUOTE = 60


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: object, *, lines: bool = True) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``); newlines and tabs
    kept when ``lines``."""
    return (UNSAFE if lines else UNSAFE_IN_LINE).sub(_escape, str(text))


def cut(text: str, limit: int = 200) -> str:
    """``text`` shortened to ``limit`` characters, saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def terminal_line(text: object, limit: int = 300) -> str:
    """Anybody's text as the command line prints it: on one line (newlines and tabs escaped
    too), every control character escaped, at most ``limit`` characters."""
    return cut(visible(text, lines=False), limit)


def quote(value: str) -> str:
    """``value`` for a message: controls escaped, cut to :data:`QUOTE` characters, quoted."""
    shown = UNSAFE.sub(_escape, value).replace("\n", "\\n").replace("\t", "\\t")
    if len(shown) > QUOTE:
        shown = f"{shown[:QUOTE]}… ({len(value)} characters)"
    return repr(shown)


def control_in(value: str, field: str = "text") -> re.Match[str] | None:
    """The first control character of ``value`` (a newline or tab counts, but in a
    :data:`FREE_TEXT` field), or None."""
    return (UNSAFE if field in FREE_TEXT else UNSAFE_IN_LINE).search(value)
