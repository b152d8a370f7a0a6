"""The GM's commands on what the players see (core.visibility), for keys and the palette.

``w`` on the initiative list cycles what the players see of the selected combatant (exact HP →
wound level → nothing → …; landing on the default clears the choice); ``W`` keeps a PC's shadow,
pm and conditions from the table, or shows them again. The palette also sets the defaults (their
commands are in :mod:`tui.commands.table`).
"""

from __future__ import annotations

from core.choices import parse_choice
from core.mooks import MookGroup
from core.visibility import Shown
from tui.i18n import register, t

register(
    {
        "see.nobody": ("Nobody selected.", "Personne n'est sélectionné."),
        "see.pc_only": ("Only a player character's details can be kept private.", "Seuls les détails d'un PJ peuvent être gardés privés."),
    }
)

ORDER = (Shown.EXACT, Shown.WOUNDS, Shown.NOTHING)


def kind_of(item) -> str:
    return "groups" if isinstance(item, MookGroup) else ("pcs" if item.pc else "npcs")


def next_shown(campaign, key: str) -> Shown | None:
    """The choice after the current one for ``key``; None when that is the default."""
    item = campaign.find(key)
    kind = kind_of(item)
    vis = campaign.visibility
    following = ORDER[(ORDER.index(vis.shown(key, kind)) + 1) % len(ORDER)]
    return None if following is vis.default(kind) else following


def cycle(app) -> None:
    from core.actions import SetShown

    key = app.selected
    if key is None or app.campaign.find(key) is None:
        app.notify(t("see.nobody", app.lang), severity="warning", timeout=4)
        return
    app.request(SetShown(key, next_shown(app.campaign, key)))


def toggle_private(app) -> None:
    from core.actions import SetPrivate

    key = app.selected
    item = app.campaign.find(key) if key is not None else None
    if item is None or isinstance(item, MookGroup) or not item.pc:
        app.notify(t("see.pc_only" if item is not None else "see.nobody", app.lang), severity="warning", timeout=4)
        return
    app.request(SetPrivate(key, not app.campaign.visibility.is_private(key)))


def set_default(app, kind: str, shown: str) -> None:
    from core.actions import SetShownDefault

    app.request(SetShownDefault(kind, parse_choice(Shown, shown, "shown")))
