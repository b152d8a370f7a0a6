"""The one-line status bar and the pane tabs shown on narrow terminals."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from core.campaign import Campaign
from core.conditions import ended, ending_this_turn, tag
from core.encounter import Encounter
from core.turns import de_turn
from tui.access import gm, lang_of
from tui.i18n import pick, t
from tui.inbox import status as status_of
from tui.safe import visible

PANE_KEYS = (("initiative", "1"), ("mass", "2"), ("damage", "3"), ("spell", "4"))


class StatusBar(Static):
    """Campaign · encounter · round · whose turn, and READ-ONLY when it is."""

    #: What is shown, to skip a campaign change that leaves the line as it is (most do: an HP
    #: change would otherwise repaint the line and lay the screen out again).
    _shown: tuple[str, str] | None = None

    #: The encounter last shown and what its turn change ended: (turn, ended), kept for the
    #: whole turn (an HP change mid-turn does not take it off the line).
    _before: Encounter | None = None
    _ended: tuple[object, str] = (None, "")
    _conditions: list[str] = []  # noqa: RUF012  # replaced, never changed in place

    def on_mount(self) -> None:
        self.watch(self.app, "campaign", self.show, init=True)
        self.watch(self.app, "waiting", lambda _: self.show(gm(self).campaign), init=False)

    def show(self, campaign: Campaign) -> None:
        app = gm(self)
        lang = app.lang
        parts = [campaign.name]
        enc = campaign.encounter
        if enc is not None:
            parts.append(enc.name)
            parts.append(t("status.round", lang, n=enc.round))
            if enc.current:
                name = campaign.name_of(enc.current)
                turn = t("status.turn", lang, name=name, de_name=de_turn(campaign, enc.current))
                if enc is not self._before:  # an HP change keeps the encounter: nothing to read again
                    self._conditions = self._turn_conditions(campaign, enc)
                conditions = self._conditions
                if conditions:
                    # At a turn's start the GM reads who is up, what it bears and what ends
                    # now before the campaign's and the fight's names.
                    parts = [parts[2], turn, *conditions, parts[0], parts[1]]
                else:
                    parts.append(turn)
        self._before = enc
        if app.waiting:  # what players sent, last: the GM reads whose turn it is first
            parts.append(status_of(app.waiting, lang))
        plain = " · ".join(parts)
        # Who holds the campaign (long: who, where, since when, which file to delete) has its
        # own line under this one (:class:`HolderLine`): whose turn it is stays on this one.
        label = t("app.read_only", lang) if app.session.read_only else ""
        if (plain, label) == self._shown:
            return
        self._shown = (plain, label)
        text = Content(visible(plain))  # plain text: a name with [brackets] stays as typed
        if label:
            text = Content.assemble((f" {label} ", "reverse"), " ", text)
        self.update(text, layout=False)  # one line high whatever it says: no new layout

    def _turn_conditions(self, campaign: Campaign, enc: Encounter) -> list[str]:
        """What the one who is up bears, what the turn change just ended and what ends at the
        end of this turn (those the GM must say out loud)."""
        lang = gm(self).lang
        name_of = campaign.name_of
        turn = (enc.id, enc.round, enc.current)
        if self._before is not None and (self._before.id, self._before.round, self._before.current) != turn:
            gone = ended(self._before, enc)
            self._ended = (turn, ", ".join(f"{name_of(k)} {c}" for k, c in gone))
        elif self._ended[0] != turn:
            self._ended = (turn, "")
        out = []
        up = enc.participant(enc.current) if enc.current else None
        if up is not None and up.conditions:
            own = not up.delaying
            out.append(", ".join(pick(tag(c, name_of, own_turn=own), lang) for c in up.conditions))
        if self._ended[1]:
            out.append(t("status.ended", lang, list=self._ended[1]))
        ending = ending_this_turn(enc)
        if ending:
            out.append(t("status.ending", lang, list=", ".join(f"{name_of(k)} {c.name}" for k, c in ending)))
        return out


class HolderLine(Static):
    """Under the status bar of a campaign opened read-only because another session writes it:
    who writes it, where, since when (and what to do about a lock left behind), whole — it
    wraps rather than being cut. Not shown otherwise."""

    def on_mount(self) -> None:
        app = gm(self)
        holder = app.locked_by if app.session.read_only else None
        self.display = bool(holder)
        if holder:
            self.update(Content(visible(t("status.held_by", app.lang, holder=holder))))


class PaneTabs(Static):
    """``1 Initiative  2 Mass combat …`` with the shown pane highlighted (narrow screens)."""

    active: reactive[str] = reactive("initiative")

    def render(self) -> str:
        lang = lang_of(self)
        out = []
        for name, key in PANE_KEYS:
            label = f" {key} {t('pane.' + name, lang)} "
            out.append(f"[reverse]{label}[/]" if name == self.active else label)
        return " ".join(out)
