"""The campaign format's migrations, one a version (registered on :data:`saves.envelope.CAMPAIGN`
when this module is imported, which :mod:`saves.format` does)."""

from __future__ import annotations

from typing import Any

import orjson

from saves.converter import unstructure
from saves.envelope import CAMPAIGN


@CAMPAIGN.migration(1)
def migrate_1_to_2(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 2 adds each campaign's ``visibility`` (what the players see): a version-1 file
    gets the defaults (PCs exact, NPCs wound level, groups standing count)."""
    from core.visibility import Visibility

    default = orjson.loads(orjson.dumps(unstructure(Visibility())))
    history = payload.get("history")
    for campaign in (payload.get("campaign"), history.get("base") if isinstance(history, dict) else None):
        if isinstance(campaign, dict):
            campaign.setdefault("visibility", default)
    return payload


@CAMPAIGN.migration(2)
def migrate_2_to_3(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 3 lets a condition last until the start or the end of someone's next turn
    (``lasts``, ``of``) and be put on several combatants at once (``AddCondition.also``): a
    version-2 condition lasts its rounds, or until removed when it has none."""

    def condition(cond: Any) -> None:
        if isinstance(cond, dict):
            cond.setdefault("lasts", "rounds" if cond.get("rounds") is not None else "removed")
            cond.setdefault("of", None)

    def campaign(data: Any) -> None:
        for enc in data.get("encounters", ()) if isinstance(data, dict) else ():
            for part in enc.get("participants", ()) if isinstance(enc, dict) else ():
                for cond in part.get("conditions", ()) if isinstance(part, dict) else ():
                    condition(cond)

    history = payload.get("history")
    history = history if isinstance(history, dict) else {}
    campaign(payload.get("campaign"))
    campaign(history.get("base"))
    for name in ("done", "undone"):
        for entry in history.get(name, ()):
            action = entry.get("action") if isinstance(entry, dict) else None
            if isinstance(action, dict) and action.get("type") == "AddCondition":
                condition(action.get("condition"))
                action.setdefault("also", [])
    return payload


@CAMPAIGN.migration(3)
def migrate_3_to_4(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 4 keeps with each log line whether the players may read it, decided when it was
    written (``players``). For the lines of an older file that cannot be known any more (the
    campaign as it was then is gone): they are kept from the players, who never see a line
    about something the GM hid or kept private then."""
    history = payload.get("history")
    log = history.get("log") if isinstance(history, dict) else None
    for entry in log if isinstance(log, list) else ():
        if isinstance(entry, dict):
            entry.setdefault("players", False)
    return payload


@CAMPAIGN.migration(4)
def migrate_4_to_5(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 5 keeps each campaign's spell book (``book``: its own spells and remembered
    casters, :mod:`core.spellbook`): a version-4 campaign gets an empty one (the built-in spells
    are never in a file)."""
    history = payload.get("history")
    for campaign in (payload.get("campaign"), history.get("base") if isinstance(history, dict) else None):
        if isinstance(campaign, dict):
            campaign.setdefault("book", {"spells": [], "casters": []})
    return payload


@CAMPAIGN.migration(5)
def migrate_5_to_6(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 6 adds what else the GM may choose to show the players (core.visibility): HP as a
    bar or as the damage taken (new values only), the options (``conditions``, ``reveal``,
    ``next_up``, ``your_turn``, ``round_counter``, and per combatant ``toggles``) and ``aliases``;
    and with each log line the words the players read when an alias stood for a name
    (``shown``). A version-5 campaign gets what it showed then: NPC conditions and the round
    shown, nobody revealed by itself, no alias; the cues on; its lines read as written."""
    from core.visibility import Visibility

    added = {
        k: v
        for k, v in orjson.loads(orjson.dumps(unstructure(Visibility()))).items()
        if k in ("conditions", "reveal", "next_up", "your_turn", "round_counter", "toggles", "aliases")
    }
    history = payload.get("history")
    for campaign in (payload.get("campaign"), history.get("base") if isinstance(history, dict) else None):
        vis = campaign.get("visibility") if isinstance(campaign, dict) else None
        if isinstance(vis, dict):
            for key, value in added.items():
                vis.setdefault(key, value)
    log = history.get("log") if isinstance(history, dict) else None
    for entry in log if isinstance(log, list) else ():
        if isinstance(entry, dict):
            entry.setdefault("shown", None)
    return payload


@CAMPAIGN.migration(6)
def migrate_6_to_7(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 7 lets a book spell name its caster (``caster``: a roster character's key, or a
    remembered caster's name): a version-6 spell has none, nor has one saved in its history."""
    held = _book_spells(payload, "spells", "SaveSpell", "spell")
    for spell in held:
        if isinstance(spell, dict):
            spell.setdefault("caster", None)
    return payload


def _book_spells(payload: dict[str, Any], key: str, action_type: str, field: str) -> list[Any]:
    """Every book entry a payload holds under ``key`` (``spells``, ``casters``): in the
    campaign, in the history's base, and in the ``action_type`` actions of its history (done and
    undone), under their ``field``."""

    def spells(book: Any) -> list[Any]:
        found = book.get(key) if isinstance(book, dict) else None
        return found if isinstance(found, list) else []

    history = payload.get("history")
    history = history if isinstance(history, dict) else {}
    held = [
        spell
        for campaign in (payload.get("campaign"), history.get("base"))
        if isinstance(campaign, dict)
        for spell in spells(campaign.get("book"))
    ]
    for name in ("done", "undone"):
        for entry in history.get(name, ()) if isinstance(history.get(name), list) else ():
            action = entry.get("action") if isinstance(entry, dict) else None
            if isinstance(action, dict) and action.get("type") == action_type:
                held.append(action.get(field))
    return held


@CAMPAIGN.migration(7)
def migrate_7_to_8(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 8 adds the house rules ``mage_counter_flat`` (RULES 2.7: off, the counter-magic
    score is rolled against the effect, as the source says) and ``poles_illusion_hold_rate``
    (RULES 3.1: 2 mana a point of hold); with a Quatre Pôles book spell, the caster's
    ``intelligence`` (deadly absorption's escape, RULES 3.3) and ``evoker`` (2 segments fewer,
    RULES 3.8), and with a remembered caster his ``intelligence``; with an Apothéose book spell,
    ``invisible`` (invisible magic, RULES 1.7). A version-7 campaign gets the source's reading
    of counter-magic, the default hold rate, spells that are neither an evoker's nor invisible,
    and no Intelligence (a profane caster's modifier stands for it)."""
    history = payload.get("history")
    for campaign in (payload.get("campaign"), history.get("base") if isinstance(history, dict) else None):
        rules = campaign.get("rules") if isinstance(campaign, dict) else None
        if isinstance(rules, dict):
            rules.setdefault("mage_counter_flat", False)
            rules.setdefault("poles_illusion_hold_rate", 2)
    for spell in _book_spells(payload, "spells", "SaveSpell", "spell"):
        inputs = spell.get("inputs") if isinstance(spell, dict) else None
        system = inputs.get("system") if isinstance(inputs, dict) else None
        request = inputs.get("request") if isinstance(inputs, dict) and system == "poles" else None
        if isinstance(request, dict):
            request.setdefault("intelligence", None)
            request.setdefault("evoker", False)
        if isinstance(inputs, dict) and system == "apotheose":
            inputs.setdefault("invisible", False)
    for caster in _book_spells(payload, "casters", "SaveCaster", "caster"):
        inputs = caster.get("inputs") if isinstance(caster, dict) else None
        if isinstance(inputs, dict) and inputs.get("system") == "poles":
            inputs.setdefault("intelligence", None)
    return payload


@CAMPAIGN.migration(8)
def migrate_8_to_9(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 9 lets players send their rolls (issue 38): the GM's choice whether they may
    (``visibility.sending``, on; a PC's own in ``toggles``), and the player a roll's die was
    taken from (``rolled_by`` on ``Roll``, ``AttackGroup``, ``DefendGroup``, ``AttackOpponent``
    and ``DefendOpponent``). A version-8 campaign lets players send, and its rolls were the GM's."""
    history = payload.get("history")
    history = history if isinstance(history, dict) else {}
    for campaign in (payload.get("campaign"), history.get("base")):
        vis = campaign.get("visibility") if isinstance(campaign, dict) else None
        if isinstance(vis, dict):
            vis.setdefault("sending", True)
    rolls = {"Roll", "AttackGroup", "DefendGroup", "AttackOpponent", "DefendOpponent"}
    for name in ("done", "undone"):
        entries = history.get(name)
        for entry in entries if isinstance(entries, list) else ():
            action = entry.get("action") if isinstance(entry, dict) else None
            if isinstance(action, dict) and action.get("type") in rolls:
                action.setdefault("rolled_by", None)
    return payload
