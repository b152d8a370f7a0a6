"""Hostile campaigns for the hardening tests: every name-bearing field holds ``text``.

``walk(app, pilot)`` visits every pane, puts the cursor on every combatant, opens its sheet, the
roll, condition and edit dialogs, the log, the help and the command palette: whatever a name can
reach. The callers assert that nothing raised and that no control byte from the data was written.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

import attrs

from core.actions import AddCondition
from core.campaign import Campaign
from core.demo import demo_campaign
from core.encounter import Condition
from core.mooks import MookGroup
from core.roster import Trade
from tests.present import present
from tests.tui.pilot import palette_searched, wait_for
from tests.tui.pilot import screen_text as screen_text  # (where it was before the Pilot toolkit)

#: The names of issue 15 that crashed the app.
VILLON = "Archers de Villon [2e compagnie]"
MORVAN = "Morvan [/]"


def hostile_campaign(text: str | Sequence[str], *, name: str | None = None) -> Campaign:
    """The demo with ``text`` in every name: characters, trades, affects, notes, groups,
    the encounter, a condition and the campaign itself. With several texts, each field takes
    the next one (round and round)."""
    texts = itertools.cycle([text] if isinstance(text, str) else list(text))
    c = demo_campaign(name or next(texts))
    roster = []
    for i, ch in enumerate(c.roster):
        text = next(texts)
        roster.append(
            attrs.evolve(
                ch,
                name=f"{text}{i}" if i % 2 else text,
                trades=(Trade(next(texts), (next(texts), "épée")),),
                affects=(next(texts),),
                notes=next(texts),
            )
        )
    groups = [attrs.evolve(g, name=(t := next(texts)) if i == 0 else f"{t}{i}") for i, g in enumerate(c.groups)]
    enc = present(c.encounter)
    parts = list(enc.participants)
    parts[0] = attrs.evolve(parts[0], conditions=(Condition(next(texts), 2),))
    enc = attrs.evolve(enc, name=next(texts), participants=tuple(parts))
    return attrs.evolve(c, roster=tuple(roster), groups=tuple(groups), encounters=(enc,))


def with_group(campaign: Campaign, name: str) -> Campaign:
    from core.combat import Grade

    return attrs.evolve(campaign, groups=(*campaign.groups, MookGroup("hostile", name, Grade.STANDARD, 5, 5, 3)))


async def walk(app, pilot, *, every_sheet: bool = True) -> None:
    """Everything a GM sees, once, with the names of ``app``'s campaign (with ``every_sheet``
    false: the sheets of the first character, another and the last group only)."""
    from core.actions import Damage, NextTurn
    from tui.screens.sheet import SheetScreen

    if app.campaign.roster and app.campaign.encounter is not None:  # lines with names in the log
        await app.request(Damage((app.campaign.roster[0].id,), 1))
        await app.request(NextTurn())
    for pane in ("1", "2", "3", "4", "1"):
        await pilot.press(pane)
        await pilot.pause()
    keys = [*(ch.id for ch in app.campaign.roster), *(g.id for g in app.campaign.groups)]
    for n, key in enumerate(keys):
        app.selected = key
        await pilot.pause()
        if n in (0, 1, len(keys) - 1):  # a character, another, a group: through every pane
            for pane in ("2", "3", "4", "1"):
                await pilot.press(pane)
            await pilot.pause()
        if every_sheet or n in (0, 1, len(keys) - 1):
            app.push_screen(SheetScreen(key))
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
    for screen_key in ("ctrl+l", "question_mark"):
        await pilot.press(screen_key)
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    if app.campaign.roster:
        app.selected = app.campaign.roster[0].id
        await pilot.pause()
        from tui.screens.combat_dialogs import ConditionDialog, ExhaustDialog, PickDialog, ShadowDialog
        from tui.screens.forms import CharacterForm
        from tui.screens.group_form import GroupForm
        from tui.screens.prompts import ConfirmDialog, ValuePrompt
        from tui.screens.roll import RollDialog

        first = app.campaign.roster[0]
        for screen in (
            RollDialog(first.id),
            ConditionDialog(first.name),
            PickDialog(first.name, [(1, first.name), (2, app.campaign.name)]),
            ShadowDialog(first.name, 2),
            ExhaustDialog(first.name, 1, 1),
            ValuePrompt(first.name, str, first.name),
            ConfirmDialog(first.name),
            CharacterForm(first),
            *(GroupForm(g) for g in app.campaign.groups[:1]),
        ):
            app.push_screen(screen)
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()
    app.notify(app.campaign.name)
    await pilot.pause()
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*"ar")
    await wait_for(pilot, lambda: palette_searched(app))
    await pilot.press("escape")
    await pilot.pause()
    if app.campaign.encounter is not None and app.campaign.roster:
        await app.request(AddCondition(app.campaign.roster[-1].id, Condition(app.campaign.name, 1)))
        await pilot.pause()


# -- hostile text, and what the terminal receives ---------------------------------------------

#: Markup that Rich or Textual would act upon if a name were parsed.
MARKUP = (
    "[/]",
    "[b]",
    "[/b]",
    "[i]x[/i]",
    "[link=https://exemple.invalid]lien[/link]",
    "[@click=app.quit]q[/]",
    "[$warning]",
    "[on red]",
    "[reverse]",
    "\\[",
    "[",
    "]",
    ":sword:",
    "$name",
)
#: Terminal escapes a name could smuggle: title (OSC 0), clipboard (OSC 52), hyperlink (OSC 8),
#: clear screen, cursor report, reset (``ESC c``), 8-bit CSI, a DCS query.
ESCAPES = (
    "\x1b]0;pwned\x07",
    "\x1b]52;c;ZXZpbA==\x07",
    "\x1b]8;;https://exemple.invalid\x1b\\lien\x1b]8;;\x1b\\",
    "\x1b[2J",
    "\x1b[6n",
    "\x1bc",
    "\x9b2J",
    "\x9d0;x\x9c",
    "\x1bP+q544e\x1b\\",
    "\x1b",
)
#: Single characters a terminal obeys: C0 (newline and tab included: names are one line), DEL, C1,
#: bidi embeddings, overrides, isolates and marks.
CONTROLS = (
    *map(chr, range(0x20)),
    "\x7f",
    *map(chr, range(0x80, 0xA0)),
    *"\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c",
)


def _pad(text: str) -> str:
    return (text * (500 // max(len(text), 1) + 1))[:500]


def hostile_text(*, controls: bool = True):
    """Hypothesis strategy: short or 500-character texts of markup, escapes, controls, bidi,
    accents and wide characters; never blank. ``controls=False``: what a form accepts (the
    controls left out, as :func:`tui.session.refuse_controls` would refuse them)."""
    from hypothesis import strategies as st

    pieces = [st.sampled_from(MARKUP), st.text(max_size=12), st.sampled_from(("é", "Œ", "漢字", "🗡", "e\u0301", "ß"))]
    if controls:
        pieces += [st.sampled_from(ESCAPES), st.sampled_from(CONTROLS)]
    text = st.lists(st.one_of(*pieces), min_size=1, max_size=24).map("".join)
    if not controls:
        text = text.map(lambda s: UNSAFE.sub("", s))
    text = st.one_of(text, text.map(_pad))
    return text.map(lambda s: s[:500]).filter(lambda s: s.strip() and (controls or UNSAFE.search(s) is None))


def many_texts(texts: list[str]) -> Campaign:
    """:func:`hostile_campaign` with each name-bearing field taking the next of ``texts``."""
    return hostile_campaign(texts)


from tui.safe import UNSAFE_IN_LINE as UNSAFE  # noqa: E402 - one definition of "control"

#: What Textual itself writes while painting: SGR and cursor moves, private modes, its pointer
#: shape (OSC 22). Anything else with an escape in it comes from the data.
TEXTUAL_OWN = re.compile(r"\x1b\[[0-9;]*[mH]|\x1b\[\?[0-9;]+[hl]|\x1b\]22;[a-z-]+\x07")


def data_controls(written: str) -> list[str]:
    """The control characters in ``written`` (what the app sent to the terminal) that are not
    part of Textual's own sequences, each with its neighbourhood."""
    rest = TEXTUAL_OWN.sub("", written).replace("\n", "").replace("\r", "")
    return [repr(rest[max(m.start() - 30, 0) : m.end() + 30]) for m in UNSAFE.finditer(rest)][:5]


def recording_driver():
    """A driver class that paints as a terminal driver would and keeps what it writes
    (``driver.written``); Textual's bell is left out (a BEL from the data is then the only one)."""
    from textual.drivers.headless_driver import HeadlessDriver

    class Recording(HeadlessDriver):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            self.chunks: list[str] = []

        @property
        def is_headless(self) -> bool:
            return False

        def write(self, data: str) -> None:
            self.chunks.append(data)

        def flush(self) -> None:
            pass

        @property
        def written(self) -> str:
            return "".join(self.chunks)

    return Recording


async def every_pane_and_sheet(app, pilot) -> None:
    """Each pane (keys 1–4), the cursor on every combatant, and every combatant's sheet."""
    from tui.screens.sheet import SheetScreen

    for pane in ("1", "2", "3", "4", "1"):
        await pilot.press(pane)
        await pilot.pause()
    keys = [*(ch.id for ch in app.campaign.roster), *(g.id for g in app.campaign.groups)]
    for key in keys:
        app.selected = key
        await pilot.pause()
        app.push_screen(SheetScreen(key))
        await pilot.pause()
        app.pop_screen()
    await pilot.press("ctrl+l")
    await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()


def players_see(journal) -> list:
    """The players' view of ``journal`` as the view draws it (table and log, both languages)."""
    from core.player_view import player_view_of
    from tui.view.render import log_lines, table_lines

    view = player_view_of(journal)
    return [line for lang in ("en", "fr") for line in (*table_lines(view, lang), *log_lines(view, lang))]
