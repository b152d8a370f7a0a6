"""Text from people and files is data in the app: never markup, never a terminal code.

Every name (of a character, group, campaign, encounter, condition, trade…), every note and any
text read from a file reaches the screen through these helpers (``visible`` and ``cut`` live in
:mod:`core.text`, with the one definition of a control character):

- :func:`visible` turns the characters a terminal would obey (C0 controls but newline, DEL, C1
  controls, bidi overrides and isolates) into visible escapes such as ``\\x1b`` or ``\\u202e``;
- :func:`plain` is that text as a Textual :class:`~textual.content.Content`, never parsed as
  markup (a name like ``Morvan [/]`` shows as typed);
- :func:`markup` fills a markup *template* of ours with such values: ``markup("[b]$name[/b]",
  name=c.name)``; the values are substituted as plain text after the template is parsed.

What the command line prints is in :mod:`tui.cli.output`.
"""

from __future__ import annotations

from textual.content import Content

from core.text import UNSAFE, UNSAFE_IN_LINE, cut, visible

__all__ = ["UNSAFE", "UNSAFE_IN_LINE", "cut", "markup", "plain", "visible"]


def plain(text: object) -> Content:
    """``text`` for a widget: its characters as they are (controls made visible), no markup."""
    return Content(visible(text))


def markup(template: str, **values: object) -> Content:
    """Our markup ``template`` with ``$name`` slots filled by plain text (made visible)."""
    return Content.from_markup(template, **{k: visible(v) for k, v in values.items()})
