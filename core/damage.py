"""RULES 1.6: weapon damage, wounds, dying, pugilat and healing; armour pieces are in
:mod:`core.armour` and exported here too."""

from __future__ import annotations

import attrs

from core.armour import (
    BODY_ARMOUR,
    ArmourPiece,
    ArmourRepair,
    armour_points,
    repair_armour,
)
from core.breakdown import Breakdown, Line, line
from core.choices import Choice, parse_choice, parse_enum
from core.sums import Amount, Term, sum_line, whole
from core.validators import Whole, require

__all__ = [
    "BODY_ARMOUR",
    "DEATH",
    "HIT",
    "MOOK_HP",
    "Amount",
    "ArmourPiece",
    "ArmourRepair",
    "DamageResult",
    "HpChange",
    "Vital",
    "Weapon",
    "Wound",
    "apply_damage",
    "armour_points",
    "bleed",
    "heal",
    "repair_armour",
    "state_line",
    "vital_state",
    "weapon_damage",
    "wound",
]

#: HP of a mook (chair à canon): a hit drops it to 0, unconscious.
MOOK_HP = 1
#: HP at which a dying character dies.
DEATH = -10
#: The damage or healing one action deals. **Decision**: a hit of the rules does a few points
#: (a weapon 1–2 + its ranks); 999 is past any of them, and a typed amount has three digits.
HIT = Whole(0, 999)


class Weapon(Choice):
    NORMAL = "normal", "weapon", "arme", 1
    MAGIC = "magic", "magic or charged weapon", "arme magique ou à charge", 2

    @property
    def base(self) -> int:
        return self.number


def to_weapon(value: object) -> Weapon:
    """attrs converter of a ``weapon`` field (a member, its value or a label)."""
    return parse_enum(Weapon, value, "weapon")


def weapon_damage(ranks: int, weapon: Weapon | str = Weapon.NORMAL) -> Amount:
    """1 (2 magic or charged) + 1 per success rank."""
    whole("ranks", ranks, 0)
    weapon = parse_choice(Weapon, weapon, "weapon")
    terms = [Term(weapon.en, weapon.fr, weapon.base), Term("ranks", "rangs", ranks)]
    return Amount(weapon.base + ranks, (sum_line(terms, "damage: ", "dégâts : "),))


# --- wounds and vital state -------------------------------------------------------------------


class Wound(Choice):
    NONE = "none", "no wound", "aucune blessure", 0
    LIGHT = "light", "light wound", "blessure légère", 1
    MEDIUM = "medium", "medium wound", "blessure moyenne", 2
    GRAVE = "grave", "grave wound", "blessure grave", 3


class Vital(Choice):
    STANDING = "standing", "standing", "debout"
    KNOCKED_OUT = "knocked_out", "knocked out", "assommé"
    DYING = "dying", "dying", "agonisant"
    DEAD = "dead", "dead", "mort"


def wound(real: int) -> Wound:
    """By the real HP a hit took: 0 none, 1 light, 2 medium, 3+ grave."""
    return list(Wound)[min(whole("real", real, 0), 3)]


def vital_state(hp: int, bruise: int = 0) -> Vital:
    """Dead at −10, dying at 0 or less, knocked out when HP − bruising ≤ 0."""
    whole("hp", hp)
    whole("bruise", bruise, 0)
    if hp <= DEATH:
        return Vital.DEAD
    if hp <= 0:
        return Vital.DYING
    return Vital.KNOCKED_OUT if hp - bruise <= 0 else Vital.STANDING


STATE_NOTES = {
    Vital.KNOCKED_OUT: (
        "knocked out: unconscious, not dying; hitting again is lethal",
        "assommé : inconscient, n'agonise pas ; le frapper encore est létal",
    ),
    Vital.DYING: (
        "0 HP or less: unconscious and dying, -1 HP each round",
        "0 PV ou moins : inconscient et agonisant, -1 PV par round",
    ),
    Vital.DEAD: (f"{DEATH} HP or less: dead", f"{DEATH} PV ou moins : mort"),
}


def state_line(state: Vital) -> Line | None:
    note = STATE_NOTES.get(state)
    return Line(*note) if note else None


# --- applying damage -------------------------------------------------------------------------


@attrs.frozen
class DamageResult:
    """One hit applied: armour first, then real HP (or bruising for pugilat)."""

    damage: int
    absorbed: int
    armour: int
    real: int
    bruised: int
    hp: int
    bruise: int
    wound: Wound
    state: Vital
    armour_before: int
    hp_before: int
    bruise_before: int
    breakdown: Breakdown
    preview: Line


def _pugilat_split(through: int, hp: int) -> tuple[int, int, Line]:
    """floor(r / 2) real, never taking real HP below 1; the rest is bruising."""
    half = through // 2
    real = min(half, max(0, hp - 1))
    capped = (
        (f", capped at {real} (non-lethal: never below 1 HP)", f", limité à {real} (non létal : jamais sous 1 PV)")
        if real < half
        else ("", "")
    )
    text = Line(
        f"pugilat: {through} through, half real = {half}{capped[0]}, {through - real} bruising",
        f"pugilat : {through} passent, moitié réelle = {half}{capped[1]}, {through - real} en contusions",
    )
    return real, through - real, text


def _preview(result: DamageResult, bypass: bool) -> Line:
    en: list[str] = []
    fr: list[str] = []
    if bypass:
        en.append("armour bypassed")
        fr.append("armure ignorée")
    elif result.armour_before:
        en.append(f"armour {result.armour_before}→{result.armour}")
        fr.append(f"armure {result.armour_before}→{result.armour}")
    en.append(f"HP {result.hp_before}→{result.hp}")
    fr.append(f"PV {result.hp_before}→{result.hp}")
    if result.bruised:
        en.append(f"bruising {result.bruise_before}→{result.bruise}")
        fr.append(f"contusions {result.bruise_before}→{result.bruise}")
    labels: list[Wound | Vital] = [result.wound] if result.wound is not Wound.NONE else []
    labels += [result.state] if result.state is not Vital.STANDING else []
    en += [label.en for label in labels]
    fr += [label.fr for label in labels]
    return Line(" · ".join(en), " · ".join(fr))


def apply_damage(
    amount: int,
    *,
    hp: int,
    armour: int = 0,
    bruise: int = 0,
    pugilat: bool = False,
    bypass_armour: bool = False,
) -> DamageResult:
    """``amount`` damage: armour points first (unless bypassed), the rest real HP; with
    ``pugilat`` half of it (rounded down) is real and the rest bruising — unless the target is
    already knocked out, dying or at 0 HP or less: then pugilat is lethal, all of it real (RULES 1.6,
    "sauf si son adversaire continue de le frapper")."""
    whole("damage", amount, 0)
    whole("hp", hp)
    whole("armour", armour, 0)
    whole("bruise", bruise, 0)
    absorbed = 0 if bypass_armour else min(amount, armour)
    through = amount - absorbed
    lines = _armour_lines(amount, armour, absorbed, pugilat, bypass_armour)
    real, bruised, split = _real_and_bruised(through, hp, bruise, pugilat)
    lines.extend(split)
    hit_wound = wound(real)
    lines.extend(_loss_lines(real, hp, hit_wound, bruised, bruise))
    state = vital_state(hp - real, bruise + bruised)
    if note := state_line(state):
        lines.append(note)
    result = DamageResult(
        amount,
        absorbed,
        armour - absorbed,
        real,
        bruised,
        hp - real,
        bruise + bruised,
        hit_wound,
        state,
        armour,
        hp,
        bruise,
        tuple(lines),
        Line("", ""),
    )
    return attrs.evolve(result, preview=_preview(result, bypass_armour))


def _armour_lines(amount: int, armour: int, absorbed: int, pugilat: bool, bypass_armour: bool) -> list[Line]:
    """The damage, then what the armour absorbs of it (or that it is bypassed)."""
    head = ("damage", "dégâts") if not pugilat else ("pugilat damage", "dégâts de pugilat")
    lines = [line(f"{head[0]} {amount}", f"{head[1]} {amount}")]
    if bypass_armour:
        lines.append(line("armour bypassed", "armure ignorée"))
    elif armour:
        lines.append(
            line(
                f"armour absorbs {absorbed}: {armour} → {armour - absorbed}",
                f"l'armure absorbe {absorbed} : {armour} → {armour - absorbed}",
            )
        )
    return lines


def _real_and_bruised(through: int, hp: int, bruise: int, pugilat: bool) -> tuple[int, int, list[Line]]:
    """The real and bruising parts of the damage past armour: pugilat splits it, unless the target
    is already down, when it is all real (RULES 1.6)."""
    if not pugilat:
        return through, 0, []
    if vital_state(hp, bruise) is not Vital.STANDING:
        return (
            through,
            0,
            [
                line(
                    f"pugilat on a target already down ({vital_state(hp, bruise).en}): lethal, all {through} real (RULES 1.6)",
                    f"pugilat sur une cible déjà à terre ({vital_state(hp, bruise).fr}) : létal, les {through} sont réels (RÈGLES 1.6)",
                )
            ],
        )
    real, bruised, split = _pugilat_split(through, hp)
    return real, bruised, [split]


def _loss_lines(real: int, hp: int, hit_wound: Wound, bruised: int, bruise: int) -> list[Line]:
    """The real HP lost (and the wound it makes), then the bruising taken, if any."""
    lines = [
        line(
            f"real HP lost {real}: {hp} → {hp - real}, {hit_wound.en}",
            f"PV réels perdus {real} : {hp} → {hp - real}, {hit_wound.fr}",
        )
    ]
    if bruised:
        lines.append(
            line(
                f"bruising {bruise} → {bruise + bruised} (heals after the fight)",
                f"contusions {bruise} → {bruise + bruised} (guérissent après le combat)",
            )
        )
    return lines


# --- healing and bleeding --------------------------------------------------------------------


@attrs.frozen
class HpChange:
    """Real HP healed or bled, and the vital state after."""

    hp_before: int
    hp: int
    change: int
    state: Vital
    breakdown: Breakdown


def heal(amount: int, hp: int, max_hp: int, bruise: int = 0) -> HpChange:
    """``amount`` HP back, never above ``max_hp``; back to 1 HP or more, dying stops."""
    whole("healing", amount, 0)
    whole("max_hp", max_hp, 1)
    require(
        "hp",
        vital_state(hp, bruise) is not Vital.DEAD,
        f"a character at {hp} HP is dead: healing cannot bring it back",
        f"> {DEATH}",
        f"un personnage à {hp} PV est mort : les soins ne le ramènent pas",
    )
    after = max(hp, min(max_hp, hp + amount))
    state = vital_state(after, bruise)
    lines = [
        line(
            f"healed {after - hp}: HP {hp} → {after} (max {max_hp})",
            f"soigné de {after - hp} : PV {hp} → {after} (max {max_hp})",
        )
    ]
    if hp <= 0 < after:
        lines.append(line("back above 0 HP: no longer dying", "au-dessus de 0 PV : n'agonise plus"))
    return HpChange(hp, after, after - hp, state, tuple(lines))


def bleed(hp: int, bruise: int = 0) -> HpChange:
    """A new round for a dying character (0 HP or less, not stabilised): −1 HP. Anyone else
    does not bleed: no change."""
    state = vital_state(hp, bruise)
    if state is not Vital.DYING:
        return HpChange(hp, hp, 0, state, (line(f"{state.en}: no bleeding", f"{state.fr} : ne saigne pas"),))
    after = hp - 1
    lines = [
        line(
            f"dying: -1 HP at the start of the round, {hp} → {after}",
            f"agonisant : -1 PV au début du round, {hp} → {after}",
        )
    ]
    if note := state_line(vital_state(after, bruise)):
        lines.append(note)
    return HpChange(hp, after, -1, vital_state(after, bruise), tuple(lines))
