"""The spell book a campaign keeps: named spells and remembered casters (RULES 1.7, 2, 3, 4).

A :class:`BookSpell` is a name, the system's inputs (:class:`SpellInputs`: everything its
calculator takes, as the GM gave it), the GM's note and, optionally, its caster (``caster``: the
roster character's key for an Apothéose spell, a remembered caster's name for Mage or Quatre
Pôles; ``s`` on that character's turn opens the book on their spells). A spell keeps its inputs, never its
results: :meth:`BookSpell.price` prices it again under the campaign's house rules each time, so a
spell whose rules changed under it (``d6_halve`` switched) gives the new figure.

A :class:`BookCaster` is a name and a Mage or Quatre Pôles caster's traits (Apothéose casters are
the roster's characters). Each system's inputs live in their own module, imported when a book
first holds one (:func:`spell_class`): an empty book costs a campaign nothing.

Names: one line of plain text, 1 to :data:`NAME_LENGTH` characters once trimmed, no control
character; unique per system (case-insensitively) among the campaign's spells and the built-in
ones (:mod:`core.spellbook.seeds`), and among its casters. **Decision**: the same name may be used
by two systems (a D6 *Protection* spell and the psionic *Protection*): the system tells them apart.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Iterable
from typing import Any, ClassVar

import attrs

from core.breakdown import Breakdown, Line
from core.choices import _folded
from core.converters import as_tuple
from core.errors import RulesError
from core.house_rules import HouseRules
from core.text import quote
from core.validators import Whole, refuse_outside, text

#: How long a spell's or a caster's name may be, in characters, once trimmed.
NAME_LENGTH = Whole(1, 60)


@attrs.frozen
class System:
    """A calculator the book knows: its label and the module of its inputs."""

    label: Line
    module: str
    #: Whether it has remembered casters (Mage, Quatre Pôles).
    casters: bool = False


#: The systems, by the name the saves and the command line use (``calc spell d6``, ``calc d6-psionic``).
SYSTEMS: dict[str, System] = {
    "apotheose": System(Line("Apothéose", "Apothéose"), "core.spellbook.apotheose"),
    "mage": System(Line("Mage", "Mage"), "core.spellbook.mage", casters=True),
    "poles": System(Line("Quatre Pôles", "Quatre Pôles"), "core.spellbook.poles", casters=True),
    "d6": System(Line("Système D6", "Système D6"), "core.spellbook.d6"),
    "d6-psionic": System(Line("Système D6 psionics", "Système D6, psionique"), "core.spellbook.d6"),
}
CASTER_SYSTEMS = tuple(name for name, system in SYSTEMS.items() if system.casters)


def a_system(system: str) -> str:
    """``a Mage``, ``an Apothéose``: a system's English label after its article."""
    label = SYSTEMS[system].label.en
    return ("an " if label[:1].lower() in "aeiouéè" else "a ") + label


def system_of(value: object, field: str = "system", *, casters: bool = False) -> str:
    """``value`` if it names a system (one with casters when ``casters``), else a RulesError
    naming ``field`` with the allowed ones."""
    allowed = CASTER_SYSTEMS if casters else tuple(SYSTEMS)
    if isinstance(value, str) and value in allowed:
        return value
    shown = quote(value) if isinstance(value, str) else repr(value)
    raise RulesError(field, f"unknown system {shown}", allowed, f"système inconnu {shown}")


def spell_class(system: str) -> type[SpellInputs]:
    """The inputs class of ``system``'s spells (its module imported now)."""
    module = importlib.import_module(SYSTEMS[system_of(system)].module)
    spells: dict[str, type[SpellInputs]] = module.SPELLS
    return spells[system]


def caster_class(system: str) -> type[CasterInputs]:
    """The traits class of ``system``'s casters (Mage, Quatre Pôles)."""
    module = importlib.import_module(SYSTEMS[system_of(system, casters=True)].module)
    casters: dict[str, type[CasterInputs]] = module.CASTERS
    return casters[system]


# -- names --------------------------------------------------------------------------------------


def check_name(field: str, value: object) -> str:
    """``value`` if it is a name the book takes, else a RulesError naming ``field``."""
    if not isinstance(value, str):
        raise RulesError(field, f"must be text, got {value!r}", fr=f"doit être du texte, pas {value!r}")
    refuse_outside(value, field)  # a control character, a newline
    size = len(value)
    if not NAME_LENGTH.minimum <= size <= NAME_LENGTH.maximum:
        low, high = NAME_LENGTH.minimum, NAME_LENGTH.maximum
        raise RulesError(
            field, f"must be {low} to {high} characters long, got {size}", f"{NAME_LENGTH.allowed} characters",
            f"doit compter de {low} à {high} caractères, pas {size}", allowed_fr=f"{NAME_LENGTH.allowed} caractères",
        )  # fmt: skip
    return value


def book_name(_instance: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: a book name (:func:`check_name`); with ``converter=trimmed``."""
    check_name(attribute.name, value)


def trimmed(value: object) -> object:
    """An attrs converter: a text without the spaces around it (anything else as it is)."""
    return value.strip() if isinstance(value, str) else value


def name_key(name: str) -> str:
    """What two names must differ by: case and the spaces around them are not enough."""
    return name.strip().casefold()


def closest(name: str, names: Iterable[str], count: int = 3) -> list[str]:
    """Up to ``count`` of ``names`` most like ``name`` (case and accent blind): those that hold
    it, shortest first, then those close to it (a letter or two apart)."""
    by_folded: dict[str, str] = {}
    for each in names:
        by_folded.setdefault(_folded(each), each)
    wanted = _folded(name)
    holding = sorted((f for f in by_folded if wanted and wanted in f), key=lambda f: (len(f), f))
    close = difflib.get_close_matches(wanted, list(by_folded), n=count, cutoff=0.6)
    return [by_folded[f] for f in dict.fromkeys([*holding, *close])][:count]


# -- what a system's inputs give -------------------------------------------------------------


@attrs.frozen
class Priced:
    """A spell priced: its figure in one line (``difficulty 5``, ``8 pm: …``), whether the rules
    allow it as given, the calculator's breakdown and its whole answer (``result``: a
    :class:`~core.magic.SpellCost`, :class:`~core.mage.MageSpell`, :class:`~core.poles.PolesSpell`,
    :class:`~core.d6.spell.SpellDifficulty` or :class:`~core.d6.psionics.PsionicDifficulty`)."""

    figure: Line
    possible: bool
    breakdown: Breakdown
    result: Any = attrs.field(eq=False, repr=False)


@attrs.frozen
class SpellInputs:
    """What one system's calculator takes (a subclass per system; :data:`SYSTEM` names it)."""

    SYSTEM: ClassVar[str] = ""

    def price(self, rules: HouseRules) -> Priced:  # pragma: no cover - abstract
        raise NotImplementedError

    def cast_by(self, caster: CasterInputs) -> SpellInputs:
        """These inputs with what ``caster`` (a remembered caster of this system) fills in."""
        raise RulesError(
            "caster",
            f"{self.SYSTEM} has no remembered casters",
            CASTER_SYSTEMS,
            f"{self.SYSTEM} n'a pas de lanceurs retenus",
        )


@attrs.frozen
class CasterInputs:
    """A remembered caster's traits (a subclass per system; :data:`SYSTEM` names it)."""

    SYSTEM: ClassVar[str] = ""

    def summary(self) -> Line:  # pragma: no cover - abstract
        raise NotImplementedError


def _system_inputs(base: type) -> Any:
    def check(_instance: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, base) or not getattr(value, "SYSTEM", ""):
            kind = type(value).__name__
            raise RulesError(
                attribute.name,
                f"must be a system's {base.__name__}, got {kind}",
                fr=f"doit être un {base.__name__} d'un système, pas {kind}",
            )

    return check


@attrs.frozen
class BookSpell:
    """A named spell: its system's inputs and the GM's note."""

    name: str = attrs.field(converter=trimmed, validator=book_name)
    inputs: SpellInputs = attrs.field(validator=_system_inputs(SpellInputs))
    note: str = attrs.field(default="", validator=text)
    #: Who casts it: a roster character's key (Apothéose), a remembered caster's name (Mage,
    #: Quatre Pôles); None when nobody in particular does.
    caster: str | None = attrs.field(default=None, converter=trimmed, validator=attrs.validators.optional(book_name))

    @property
    def system(self) -> str:
        return self.inputs.SYSTEM

    def cast_by(self, caster: str | None, name: str | None = None) -> bool:
        """Whether the spell is ``caster``'s (a roster key) or, for a system with remembered
        casters, the caster named ``name`` (case-insensitively)."""
        if self.caster is None:
            return False
        if SYSTEMS[self.system].casters:
            return name is not None and name_key(self.caster) == name_key(name)
        return self.caster == caster

    def price(self, rules: HouseRules) -> Priced:
        """Priced now, from its inputs, under ``rules`` (the campaign's house rules)."""
        return self.inputs.price(rules)


@attrs.frozen
class BookCaster:
    """A remembered Mage or Quatre Pôles caster."""

    name: str = attrs.field(converter=trimmed, validator=book_name)
    inputs: CasterInputs = attrs.field(validator=_system_inputs(CasterInputs))

    @property
    def system(self) -> str:
        return self.inputs.SYSTEM


def _unique(kind: str) -> Any:
    """No two entries of the same system share a name (:func:`name_key`); the error names the
    second one's field: ``spells[3].name``."""

    def check(_instance: Any, _attribute: Any, entries: tuple[BookSpell | BookCaster, ...]) -> None:
        seen: dict[tuple[str, str], int] = {}
        for i, entry in enumerate(entries):
            key = (entry.system, name_key(entry.name))
            if key in seen:
                raise RulesError(
                    f"{kind}[{i}].name",
                    f"{quote(entry.name)} is already the name of {kind}[{seen[key]}] ({entry.system})",
                    fr=f"{quote(entry.name)} est déjà le nom de {kind}[{seen[key]}] ({entry.system})",
                )
            seen[key] = i

    return check


@attrs.frozen
class SpellBook:
    """A campaign's own spells and casters (the built-in spells are not copied into it)."""

    spells: tuple[BookSpell, ...] = attrs.field(default=(), converter=as_tuple, validator=_unique("spells"))
    casters: tuple[BookCaster, ...] = attrs.field(default=(), converter=as_tuple, validator=_unique("casters"))

    def spell(self, system: str, name: str) -> BookSpell | None:
        """The campaign's spell of ``system`` named ``name`` (case-insensitively), if any."""
        key = (system, name_key(name))
        return next((s for s in self.spells if (s.system, name_key(s.name)) == key), None)

    def caster(self, system: str, name: str) -> BookCaster | None:
        key = (system, name_key(name))
        return next((c for c in self.casters if (c.system, name_key(c.name)) == key), None)
