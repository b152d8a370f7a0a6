"""RULES 1.6: armour pieces, their armour points and repair."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable

import attrs

from core.breakdown import Breakdown, line
from core.choices import Choice, parse_choice
from core.errors import RulesError
from core.sums import Amount, Term, sum_line, whole
from core.validators import require


class ArmourPiece(Choice):
    LIGHT = "light", "light armour", "armure légère", 1
    MEDIUM = "medium", "medium armour", "armure intermédiaire", 2
    HEAVY = "heavy", "heavy armour", "armure lourde", 3
    SHIELD = "shield", "shield", "bouclier", 1
    MAGIC_ARMOUR = "magic_armour", "magic armour", "armure magique", 2
    MAGIC_SHIELD = "magic_shield", "magic shield", "bouclier magique", 1

    @property
    def points(self) -> int:
        return self.number


BODY_ARMOUR = (ArmourPiece.LIGHT, ArmourPiece.MEDIUM, ArmourPiece.HEAVY)


def armour_points(pieces: Iterable[ArmourPiece | str]) -> Amount:
    """The armour points of what a character wears (Segiere: medium + shield + magic shield = 4).

    One body armour and one shield at most; a magic armour adds to a body armour, a magic
    shield to a shield. Worked out once per set of pieces (a character asks it at every
    change, an import of 100,000 rows asked it 400,000 times for a few sets)."""
    worn = tuple(pieces)
    try:
        return _armour_points(worn)
    except TypeError:  # something unhashable in the list: no cache, parse_choice names it
        return _armour_points.__wrapped__(worn)


@functools.lru_cache(maxsize=256)
def _armour_points(pieces: tuple[ArmourPiece | str, ...]) -> Amount:
    worn = [parse_choice(ArmourPiece, piece, "armour") for piece in pieces]
    body = [piece for piece in worn if piece in BODY_ARMOUR]
    require(
        "armour",
        len(body) <= 1,
        "one body armour at a time",
        [p.value for p in BODY_ARMOUR],
        "une seule armure de corps à la fois",
        allowed_fr=[p.fr for p in BODY_ARMOUR],
    )
    for piece in (ArmourPiece.SHIELD, ArmourPiece.MAGIC_ARMOUR, ArmourPiece.MAGIC_SHIELD):
        require("armour", worn.count(piece) <= 1, f"{piece.en} given more than once", fr=f"{piece.fr} en double")
    require(
        "armour",
        ArmourPiece.MAGIC_ARMOUR not in worn or bool(body),
        "a magic armour is +2 on top of a light, medium or heavy armour: add one",
        fr="une armure magique donne +2 par-dessus une armure légère, intermédiaire ou lourde : ajoutez-en une",
    )
    require(
        "armour",
        ArmourPiece.MAGIC_SHIELD not in worn or ArmourPiece.SHIELD in worn,
        "a magic shield is +1 on top of a shield: add the shield",
        fr="un bouclier magique donne +1 par-dessus un bouclier : ajoutez le bouclier",
    )
    worn.sort(key=list(ArmourPiece).index)
    terms = [Term(piece.en, piece.fr, piece.points) for piece in worn] or [Term("none", "aucune", 0)]
    return Amount(sum(piece.points for piece in worn), (sum_line(terms, "armour: ", "armure : "),))


def wearable(field: str) -> Callable[[object, object, Iterable[ArmourPiece | str]], None]:
    """An attrs validator: the pieces can be worn together (:func:`armour_points`' rules), else a
    RulesError naming ``field``. A character's and a template's, so that a save, a form, a roster
    file and the app's rows all refuse or take the same pieces."""

    def check(_instance: object, _attribute: object, value: Iterable[ArmourPiece | str]) -> None:
        try:
            armour_points(value)
        except RulesError as error:
            raise RulesError(field, error.reason, error.allowed, error.reason_fr, allowed_fr=error.allowed_fr) from None

    return check


@attrs.frozen
class ArmourRepair:
    armour_before: int
    armour: int
    repaired: int
    breakdown: Breakdown


def repair_armour(armour: int, max_armour: int, points: int | None = None) -> ArmourRepair:
    """Restore lost armour points: ``points`` of them, or all when None; never above the max."""
    whole("max_armour", max_armour, 0)
    whole("armour", armour, 0)
    require(
        "armour",
        armour <= max_armour,
        f"{armour} is above the armour's {max_armour} points",
        f"0…{max_armour}",
        f"{armour} dépasse les {max_armour} points de l'armure",
    )
    wanted = max_armour - armour if points is None else whole("points", points, 0)
    after = min(max_armour, armour + wanted)
    return ArmourRepair(
        armour,
        after,
        after - armour,
        (
            line(
                f"armour repaired {after - armour}: {armour} → {after} (max {max_armour})",
                f"armure réparée {after - armour} : {armour} → {after} (max {max_armour})",
            ),
        ),
    )
