"""The NPC template library: one JSON file beside the campaigns that a GM may edit by hand.

Where: ``<saves folder>/templates/templates.json`` (the saves folder is ``--saves``, else
``$APOTHEOSE_SAVES``, else the user data folder), or the file ``$APOTHEOSE_TEMPLATES`` names.
The folder ``templates/`` keeps the file out of the campaign list.

What::

    {
      "format": "apotheose.templates",
      "version": 1,
      "templates": [
        {"name": "Vétéran", "corps": 5, "esprit": 3, "combat": 5, "ame": 1,
         "trades": "soldat: épée", "armour": "medium, shield", "weapon": "épée",
         "magic_weapon": false, "mystic": false, "affects": "", "notes": "…"}
      ]
    }

Every field but ``name`` may be left out (its default: 0, empty, false); see
:data:`core.templates.FIELDS`. No file yet means the ready templates
(:data:`core.templates.BUILT_IN`); the first template saved writes them with it. A file that does
not load is a :class:`~saves.errors.BadFieldError` naming the file and the field
(``$.templates[2].corps``), and is never overwritten: saving refuses until the GM fixes it.
Writes are atomic (temp file, fsync, rename) with one backup.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from core.errors import RulesError
from core.templates import BUILT_IN, Template, template_fields, template_from_fields
from core.validators import refuse_outside
from saves.atomic import atomic_write
from saves.errors import BadFieldError, MissingFileError
from saves.paths import saves_dir
from saves.reading import json_value, read_bytes

FORMAT = "apotheose.templates"
VERSION = 1
ENV_VAR = "APOTHEOSE_TEMPLATES"


def library_path(saves: str | os.PathLike[str] | None = None, env: Mapping[str, str] = os.environ) -> Path:
    """The library file: ``$APOTHEOSE_TEMPLATES``, else ``templates/templates.json`` in the saves folder."""
    if env.get(ENV_VAR):
        return Path(env[ENV_VAR]).expanduser()
    return saves_dir(saves, env) / "templates" / "templates.json"


def decode(raw: bytes, path: Path) -> tuple[Template, ...]:
    """The templates a file's bytes hold; a BadFieldError names the field that is wrong."""
    data = json_value(raw, path)  # valid JSON (no lone surrogate), not too deep
    if not isinstance(data, dict):
        raise BadFieldError(path, "$", "must be an object with format, version and templates")
    if data.get("format") != FORMAT:
        raise BadFieldError(path, "$.format", f"must be {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise BadFieldError(path, "$.version", f"must be {VERSION}, got {data.get('version')!r}")
    extra = sorted(set(data) - {"format", "version", "templates"})
    if extra:
        raise BadFieldError(path, f"$.{extra[0]}", "unknown field")
    items = data.get("templates")
    if not isinstance(items, list):
        raise BadFieldError(path, "$.templates", "must be an array of templates")
    out: list[Template] = []
    names: set[str] = set()
    for i, item in enumerate(items):
        where = f"$.templates[{i}]"
        if not isinstance(item, dict):
            raise BadFieldError(path, where, "must be an object")
        try:
            template = template_from_fields(item)
            refuse_outside(template)  # a name with a control character is refused here, by field
        except RulesError as error:
            raise BadFieldError(path, f"{where}.{error.field}", error.text("en").partition(": ")[2]) from None
        key = template.name.casefold()
        if key in names:
            raise BadFieldError(path, f"{where}.name", f"{template.name!r} is already the name of another template")
        names.add(key)
        out.append(template)
    return tuple(out)


def encode(templates: tuple[Template, ...]) -> bytes:
    """The file's bytes: one template per object, keys in a fixed order, UTF-8 as typed."""
    data = {"format": FORMAT, "version": VERSION, "templates": [template_fields(t) for t in templates]}
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode()


def load_library(path: Path) -> tuple[Template, ...]:
    """The templates in ``path``; the ready ones when there is no file yet."""
    try:
        raw = read_bytes(path)
    except MissingFileError:
        if path.exists() or path.is_symlink():
            raise
        return BUILT_IN
    return decode(raw, path)


def write_library(path: Path, templates: tuple[Template, ...]) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    atomic_write(path, encode(templates), backups=1)


def ensure_library(path: Path) -> tuple[Template, ...]:
    """Load the library, writing the ready templates first when there is no file (for a GM who
    wants to edit them)."""
    templates = load_library(path)
    if not path.exists():
        write_library(path, templates)
    return templates


def save_template(path: Path, template: Template, *, replace: bool = False) -> tuple[Template, ...]:
    """Add ``template`` to the library (replacing the one of the same name only with
    ``replace``); a library file that does not load is left untouched (its error is raised)."""
    refuse_outside(template)
    templates = load_library(path)
    same = [t for t in templates if t.name.casefold() == template.name.casefold()]
    if same and not replace:
        raise RulesError(
            "name", f"a template is already named {same[0].name!r}", fr=f"un modèle s'appelle déjà {same[0].name!r}"
        )
    kept = tuple(t for t in templates if t.name.casefold() != template.name.casefold())
    updated = (*kept, template)
    write_library(path, updated)
    return updated
