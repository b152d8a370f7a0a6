"""The one-line status bar and the pane tabs shown on narrow terminals."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from core.campaign import Campaign
from core.french import de
from tui.access import gm, lang_of
from tui.i18n import register, t
from tui.safe import visible

register(
    {
        "status.round": ("Round {n}", "Round {n}"),
        "status.turn": ("turn: {name}", "tour {de_name}"),  # "tour d'Alduin", "tour de Morvan"
    }
)

PANE_KEYS = (("initiative", "1"), ("mass", "2"), ("damage", "3"), ("spell", "4"))


class StatusBar(Static):
    """Campaign · encounter · round · whose turn, and READ-ONLY when it is."""

    #: What is shown, to skip a campaign change that leaves the line as it is (most do: an HP
    #: change would otherwise repaint the line and lay the screen out again).
    _shown: tuple[str, str, str | None] | None = None

    def on_mount(self) -> None:
        self.watch(self.app, "campaign", self.show, init=True)

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
                parts.append(t("status.turn", lang, name=name, de_name=de(name)))
        plain, label, holder = " · ".join(parts), "", None
        if app.session.read_only:
            # The holder (who, where, which file to delete) can be long: it goes after whose
            # turn it is, so the turn is never pushed off the line.
            holder = app.locked_by
            label = t("app.read_only", lang)
        if (plain, label, holder) == self._shown:
            return
        self._shown = (plain, label, holder)
        text = Content(visible(plain))  # plain text: a name with [brackets] stays as typed
        if label:
            text = Content.assemble((f" {label} ", "reverse"), " ", text)
        if holder:
            text = Content.assemble(text, " · ", (visible(holder), "dim"))
        self.update(text, layout=False)  # one line high whatever it says: no new layout


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
