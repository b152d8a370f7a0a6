"""Text from people and files is data: never markup, never a terminal code.

Every name (of a character, group, campaign, encounter, condition, trade…), every note and any
text read from a file reaches the screen through these helpers:

- :func:`visible` turns the characters a terminal would obey (C0 controls but newline, DEL, C1
  controls, bidi overrides and isolates) into visible escapes such as ``\\x1b`` or ``\\u202e``;
- :func:`plain` is that text as a Textual :class:`~textual.content.Content`, never parsed as
  markup (a name like ``Morvan [/]`` shows as typed);
- :func:`markup` fills a markup *template* of ours with such values: ``markup("[b]$name[/b]",
  name=c.name)``; the values are substituted as plain text after the template is parsed.

Imports no Textual at module level except for the Content helpers (``visible`` serves the
command line too).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.content import Content

#: What a terminal would act upon: C0 but tab and newline, DEL, C1, bidi embeddings, overrides,
#: isolates and marks.
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
#: The same, newline and tab included (one-line texts: names).
UNSAFE_IN_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


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


def plain(text: object) -> Content:
    """``text`` for a widget: its characters as they are (controls made visible), no markup."""
    from textual.content import Content

    return Content(visible(text))


def markup(template: str, **values: object) -> Content:
    """Our markup ``template`` with ``$name`` slots filled by plain text (made visible)."""
    from textual.content import Content

    return Content.from_markup(template, **{k: visible(v) for k, v in values.items()})
