"""The question to ask the GM before the rules take a big step.

When the rules refuse an action because it would turn a PC into an NPC
(:class:`~core.actions.NeedsConfirmation`: a 6th stigma or grace) or a raise goes past half of
the raises, :meth:`tui.app.ApotheoseApp.request` asks :func:`question_for` what to ask, shows it
in a :class:`~tui.screens.prompts.ConfirmDialog` and resends the action with ``confirm=True`` /
``override=True`` on yes. Every pane and dialog goes through that one request.
"""

from __future__ import annotations

import attrs

from core.actions import NeedsConfirmation, apply
from core.breakdown import Lang
from core.errors import RulesError
from tui.i18n import register, t

register(
    {
        "cdlg.sixth_stigma": (
            "6th stigma: {name} becomes an NPC — confirm?",
            "6e stigmate : {name} devient un PNJ — confirmer ?",
        ),
        "cdlg.sixth_grace": (
            "6th grace: {name} becomes an NPC — confirm?",
            "6e grâce : {name} devient un PNJ — confirmer ?",
        ),
        "cdlg.override": ("{reason}. Allow it anyway?", "{reason}. L'autoriser quand même ?"),
        "cdlg.own_side.npc": (
            "{attacker} attacks {target}, of their own side (both NPCs). Attack anyway?",
            "{attacker} attaque {target}, de son propre camp (des PNJ). Attaquer quand même ?",
        ),
    }
)


def _who(action) -> str | None:
    """Whose shadow the action moves."""
    for name in ("key", "caster", "attacker", "defender"):
        value = getattr(action, name, None)
        if value:
            return value
    return None


def sixth_mark_question(campaign, action, lang: Lang) -> str:
    """"6th stigma: X becomes an NPC — confirm?" (or grace), from a dry run of the confirmed action."""
    key = _who(action)
    if key is None:
        return t("cdlg.sixth_stigma", lang, name="?")
    name = campaign.name_of(key)
    kind = "stigma"
    try:
        after = apply(campaign, attrs.evolve(action, confirm=True)).campaign.character(key)
        if after.shadow is not None and after.shadow.graces:
            kind = "grace"
    except RulesError:
        pass
    return t(f"cdlg.sixth_{kind}", lang, name=name)


def _is_pc(campaign, key: str) -> bool | None:
    """The side of ``key``: True for a PC, False for an NPC or a group (NPCs), None if unknown."""
    found = campaign.find(key)
    return None if found is None else bool(getattr(found, "pc", False))


def own_side_question(campaign, action, lang: Lang) -> str | None:
    """"X attacks Y, of their own side. Attack anyway?" when an NPC attacks an NPC or a group
    (the NPCs' side); None otherwise. The rules allow it (a compulsion, a betrayal, a blow in
    the confusion), so the app asks instead of refusing: usually it is a wrong selection or a
    form filled on another turn. A PC attacking a PC is not asked about: players do turn on
    each other, and the GM typed it on purpose."""
    attacker = getattr(action, "attacker", None)
    if not attacker or _is_pc(campaign, attacker) is not False:
        return None
    targets = [getattr(action, name, None) for name in ("defender", "group")] + list(getattr(action, "members", ()))
    for target in targets:
        if target and target != attacker and _is_pc(campaign, target) is False:
            return t("cdlg.own_side.npc", lang, attacker=campaign.name_of(attacker), target=campaign.name_of(target))
    return None


def question_for(campaign, action, error: RulesError, lang: Lang) -> tuple[str, dict] | None:
    """The question to ask before resending ``action``, and the fields to resend it with."""
    if isinstance(error, NeedsConfirmation) and hasattr(action, "confirm"):
        return sixth_mark_question(campaign, action, lang), {"confirm": True}
    if error.field == "override" and hasattr(action, "override"):
        return t("cdlg.override", lang, reason=error.reason_in(lang)), {"override": True}
    return None
