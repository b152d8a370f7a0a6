"""The last spell of each spell tab, kept across restarts, per campaign file (issue 26, item 4).

**Decision**: a per-user state file (``last-spells.json`` in ``$APOTHEOSE_STATE``, else the user
state folder of ``apotheose``), not the campaign. The spell a GM last typed is scratch, not a table
event: in the campaign it would be an undoable action per key (or a write outside the journal),
and a campaign shared with players or another GM would carry one GM's scratch. Keyed by the
campaign file's resolved path, then by tab; each spell in the save format's own form (its system
named), read back through the same converter. A missing, unreadable or hand-broken state file
loses the scratch only: the tabs start empty, nothing is refused, the file is rewritten whole on
the next exit.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs

from saves.atomic import atomic_write
from saves.errors import SaveError
from saves.reading import json_value, read_bytes

ENV_VAR = "APOTHEOSE_STATE"
FILE = "last-spells.json"


def state_file(env: Mapping[str, str] = os.environ) -> Path:
    folder = env.get(ENV_VAR) or platformdirs.user_state_dir("apotheose", appauthor=False)
    return Path(folder).expanduser() / FILE


def _read(path: Path) -> dict[str, Any]:
    try:  # read within the bounds of every outside file (size, depth): a broken one is scratch lost
        data = json_value(read_bytes(path), path)
    except (OSError, SaveError):
        return {}
    return data if isinstance(data, dict) else {}


def load(campaign: Path, path: Path | None = None, refused: dict[str, BaseException] | None = None) -> dict[str, Any]:
    """The last spell of each tab for the campaign file ``campaign`` (tab id → SpellInputs);
    an entry that no longer reads (a system's fields changed, a spell the rules refuse: more
    aspects than a spell takes) is left out. When the rules refuse it, their RulesError goes in
    ``refused`` (tab id → error) for the tab to say; a hand-broken entry is lost silently."""
    from core.spellbook.book import SpellInputs
    from saves.format import CONVERTER

    stored = _read(path or state_file()).get(str(campaign.resolve()), {})
    spells: dict[str, Any] = {}
    for tab, value in stored.items() if isinstance(stored, dict) else ():
        try:
            spells[tab] = CONVERTER.structure(value, SpellInputs)
        except Exception as error:  # noqa: BLE001  # cattrs' errors of a hand-broken entry: that spell only is lost
            reason = _rules_refusal(error)
            if refused is not None and reason is not None:
                refused[tab] = reason
    return spells


def _rules_refusal(error: BaseException) -> BaseException | None:
    """The rules' refusal (a RulesError) in cattrs' groups of errors, the first one; else None."""
    from core.errors import RulesError

    if isinstance(error, RulesError):
        return error
    for inner in getattr(error, "exceptions", ()):
        found = _rules_refusal(inner)
        if found is not None:
            return found
    return None


def save(campaign: Path, spells: Mapping[str, Any], path: Path | None = None) -> None:
    """Keep ``spells`` (tab id → SpellInputs) as the campaign's last ones (other tabs and other
    campaigns kept as they were)."""
    from core.spellbook.book import SpellInputs
    from saves.format import CONVERTER

    path = path or state_file()
    data = _read(path)
    key = str(campaign.resolve())
    mine: dict[str, Any] = data[key] if isinstance(data.get(key), dict) else {}
    mine.update({tab: CONVERTER.unstructure(spell, SpellInputs) for tab, spell in spells.items()})
    data[key] = mine
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    atomic_write(path, json.dumps(data, ensure_ascii=False, indent=1).encode(), backups=0, new_mode=0o600)
