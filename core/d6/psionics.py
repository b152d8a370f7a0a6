"""RULES 4: Système D6 psionic powers: each power's difficulty, its own modifiers, and the
psionic aspect lists (:data:`core.d6.scales.PSIONIC_SCALES`), added without halving."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from core.breakdown import Breakdown, Line, signed
from core.choices import Choice, parse_choice
from core.d6.scales import Depth, Power, Wound
from core.d6.spell import Aspect, check_aspect_count
from core.sums import Term, sum_line, whole
from core.validators import require

#: Empathy is a roll opposed by the target's Volonté.
OPPOSED_BY = {Power.empathy: "volonte"}


@attrs.frozen
class MediumContact:
    """The Médium's modifiers: assassinated −2, dead over a year +2 and +2 per full five years
    beyond the first (Decision), known personally −4, information on the dead −2, at the place
    of death −3."""

    assassinated: bool = False
    years_dead: int = attrs.field(default=0, validator=lambda _i, _a, v: whole("years_dead", v, 0))
    known_personally: bool = False
    has_information: bool = False
    place_of_death: bool = False

    def modifiers(self) -> tuple[Aspect, ...]:
        found = []
        if self.assassinated:
            found.append(_modifier("assassinated", -2, "assassinated", "assassiné"))
        if self.years_dead > 1:
            fives = (self.years_dead - 1) // 5
            why = Line(
                "over a year +2" + (f", +2 × {fives} full five years" if fives else ""),
                "plus d'un an +2" + (f", +2 × {fives} tranches de cinq ans" if fives else ""),
            )
            found.append(
                _modifier(
                    "years_dead",
                    2 + 2 * fives,
                    f"dead {self.years_dead} years",
                    f"mort depuis {self.years_dead} ans",
                    why,
                )
            )
        if self.known_personally:
            found.append(_modifier("known_personally", -4, "known personally", "connu personnellement"))
        if self.has_information:
            found.append(_modifier("has_information", -2, "information on the dead", "informations sur le mort"))
        if self.place_of_death:
            found.append(_modifier("place_of_death", -3, "at the place of death", "sur le lieu du décès"))
        return tuple(found)


#: A modifier's empty explanation (frozen, so one value serves as every default).
_NO_WHY = Line("", "")


def _modifier(name: str, value: int, en: str, fr: str, why: Line = _NO_WHY) -> Aspect:
    return Aspect(name, value, why, None, Line(en, fr))


@attrs.frozen
class PsionicDifficulty:
    """A psionic power's difficulty: ``base`` (by the wound or the depth for healing and
    psychometry) + the power's ``modifiers`` + ``aspects``, not halved. For an opposed power
    (empathy) ``difficulty`` is None, ``opposed_by`` names the attribute and ``modifier`` (the
    modifiers and aspects) is added to the opposing roll."""

    power: Power
    base: int | None
    modifiers: tuple[Aspect, ...]
    aspects: tuple[Aspect, ...]
    modifier: int
    difficulty: int | None
    opposed_by: str | None
    breakdown: Breakdown


def psionic_difficulty(
    power: Power | str,
    aspects: Sequence[Aspect] = (),
    *,
    wound: Wound | str | None = None,
    depth: Depth | str | None = None,
    medium: MediumContact | None = None,
) -> PsionicDifficulty:
    """The difficulty of ``power``; ``wound`` is required for healing, ``depth`` for psychometry,
    ``medium`` (the Médium's modifiers) only for the Médium."""
    check_aspect_count(len(aspects), "aspect")
    power = parse_choice(Power, power, "power")
    modifiers = (medium or MediumContact()).modifiers()
    _require_inputs(power, wound, depth, modifiers)
    base, head = _base(power, wound, depth)
    extra = (*modifiers, *aspects)
    modifier = sum(a.value for a in extra)
    lines = [
        head,
        *(Line(f"  {a.text('en')}", f"  {a.text('fr')}") for a in extra),
        *_total_lines(base, extra, modifier),
    ]
    difficulty = None if base is None else base + modifier
    if power is Power.protection:
        lines.append(
            Line(
                "the success level adds to the targets' armour", "le niveau de réussite s'ajoute à l'armure des cibles"
            )
        )
    return PsionicDifficulty(
        power, base, modifiers, tuple(aspects), modifier, difficulty, OPPOSED_BY.get(power), tuple(lines)
    )


def _require_inputs(
    power: Power, wound: Wound | str | None, depth: Depth | str | None, modifiers: Sequence[Aspect]
) -> None:
    """``wound`` only (and always) for healing, ``depth`` for psychometry, the Médium's modifiers
    only for the Médium."""
    require(
        "wound",
        (wound is not None) == (power is Power.healing),
        _only(Power.healing, wound),
        _names(Wound),
        _only_fr(Power.healing, wound),
    )
    require(
        "depth",
        (depth is not None) == (power is Power.psychometry),
        _only(Power.psychometry, depth),
        _names(Depth),
        _only_fr(Power.psychometry, depth),
    )
    if modifiers:
        require(
            modifiers[0].name, power is Power.medium, "only for the medium power", fr="seulement pour le pouvoir medium"
        )


def _base(power: Power, wound: Wound | str | None, depth: Depth | str | None) -> tuple[int | None, Line]:
    """The base difficulty (None for a roll opposed by Volonté) and the line that states it."""
    name = Line(power.en, power.fr)
    if wound is not None:
        wound = parse_choice(Wound, wound, "wound")
        return wound.number, Line(
            f"{name.en}, patient {wound.en}: {wound.number}", f"{name.fr}, patient {wound.fr} : {wound.number}"
        )
    if depth is not None:
        depth = parse_choice(Depth, depth, "depth")
        return depth.number, Line(f"{name.en}, {depth.en}: {depth.number}", f"{name.fr}, {depth.fr} : {depth.number}")
    if power in OPPOSED_BY:
        return None, Line(
            f"{name.en}: a roll opposed by the target's Volonté",
            f"{name.fr} : jet en opposition contre la Volonté de la cible",
        )
    return power.number, Line(
        f"{name.en}: base difficulty {power.number}", f"{name.fr} : difficulté de base {power.number}"
    )


def _total_lines(base: int | None, extra: Sequence[Aspect], modifier: int) -> list[Line]:
    """The line that sums the modifiers: onto the base, or onto the opposing Volonté roll."""
    if not extra:
        return []
    if base is None:
        return [
            Line(
                f"modifiers {signed(modifier)} on the opposing Volonté roll",
                f"modificateurs {signed(modifier)} au jet de Volonté opposé",
            )
        ]
    terms = [Term("base", "base", base), *(a.term() for a in extra)]
    return [sum_line(terms, "difficulty: ", "difficulté : ")]


def _names(kind: type[Choice]) -> list[str]:
    return [member.value for member in kind]


def _only(power: Power, given: object) -> str:
    return f"only for the {power.value} power" if given is not None else f"required for the {power.value} power"


def _only_fr(power: Power, given: object) -> str:
    return f"seulement pour le pouvoir {power.value}" if given is not None else f"requis pour le pouvoir {power.value}"
