"""Which character is a player's: one way to read it everywhere (``players add|invite --pc``,
``view --pc``, a browser link's ``&pc=``).

A player's character is given by its name or its id, in any case, spaces around ignored:
``Alduin``, ``alduin`` and ``ALDUIN`` are the same PC. Only a player character is one: an NPC or
a mook group is refused, and every refusal lists the PCs there are to choose from. The GM's side
knows the whole campaign (ids and names, hidden ones included) and refuses a name nobody has; a
view knows only the names in the players' file, and takes a name it does not show yet as given
(the GM may not have shown that PC, or opened the campaign, yet).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from core.errors import RulesError

if TYPE_CHECKING:
    from core.player_view import PlayerView

#: The kinds of :attr:`Candidate.kind` (those of :attr:`core.player_view.Row.kind`).
KIND_WORDS = {"npc": ("an NPC", "un PNJ"), "group": ("a mook group", "un groupe de sbires")}
#: The most PCs a refusal lists (a campaign of thousands of characters stays one line).
LISTED = 20


@attrs.frozen
class Candidate:
    """A combatant a player could name: its id (its name when only the name is known), its name
    and its kind (``pc``, ``npc`` or ``group``)."""

    key: str
    name: str
    kind: str


def _choices(candidates: list[Candidate]) -> str:
    pcs = [c for c in candidates if c.kind == "pc"]
    shown = [c.name if c.key.casefold() == c.name.casefold() else f"{c.name} ({c.key})" for c in pcs[:LISTED]]
    more = f", and {len(pcs) - LISTED} more" if len(pcs) > LISTED else ""
    return ", ".join(shown) + more if pcs else "none yet"


def player_character(given: str, candidates: Iterable[Candidate], *, unknown_ok: bool = False) -> Candidate | None:
    """The player character ``given`` names among ``candidates``: by its id first, else by its
    name (a PC before an NPC of the same name). Raises :class:`RulesError` (field ``pc``) listing
    the PCs when it names an NPC, a group or — unless ``unknown_ok`` (then None) — nobody."""
    every = list(candidates)
    wanted = given.strip().casefold()
    by_key = [c for c in every if c.key.casefold() == wanted]
    by_name = sorted((c for c in every if c.name.casefold() == wanted), key=lambda c: c.kind != "pc")
    found = next(iter(by_key or by_name), None)
    if found is not None and found.kind == "pc":
        return found
    if found is None and unknown_ok:
        return None
    choices = _choices(every)
    if found is None:
        raise RulesError(
            "pc",
            f"no character is called {given!r} (the PCs: {choices})",
            fr=f"aucun personnage ne s'appelle {given!r} (les PJ : {choices})",
        )
    en, fr = KIND_WORDS.get(found.kind, KIND_WORDS["npc"])
    raise RulesError(
        "pc",
        f"{found.name} is {en}, not a player character (the PCs: {choices})",
        fr=f"{found.name} est {fr}, pas un personnage joueur (les PJ : {choices})",
    )


def view_candidates(view: PlayerView) -> list[Candidate]:
    """What a view can name: the rows of the players' file, by name (it holds no id)."""
    return [Candidate(row.name, row.name, row.kind) for row in view.rows]
