"""RULES 1.7, mystical exhaustion: once per session, at 0 pm, HP and willpower into pm."""

from __future__ import annotations

import attrs

from core.breakdown import Breakdown, Line
from core.validators import require, whole_at_least


@attrs.frozen
class Exhaustion:
    """Mystical exhaustion: HP and willpower turned into pm, one for one."""

    pm_recovered: int
    pm_after: int
    hp_after: int
    willpower_after: int
    #: 1 per 2 pm recovered; to apply with ``ShadowEvent.exhaustion``.
    shadow_gained: int
    breakdown: Breakdown


def _within_max_pm(recovered: int, max_pm: int) -> None:
    """Only a mystic draws on its essence, and never past its max pm."""
    whole_at_least("max_pm", max_pm)
    require(
        "max_pm",
        max_pm > 0,
        "only a mystic can draw on its essence (max pm 0)",
        "≥ 1",
        "seul un mystique peut puiser dans son essence (pm max 0)",
    )
    require(
        "from_hp",
        recovered <= max_pm,
        f"{recovered} pm would pass the max of {max_pm} pm",
        f"0…{max_pm} in all",
        f"{recovered} pm dépasseraient le maximum de {max_pm} pm",
        allowed_fr=f"0…{max_pm} en tout",
    )


def exhaustion(
    pm_now: int,
    hp: int,
    willpower: int,
    from_hp: int,
    from_willpower: int,
    used_this_session: bool,
    max_pm: int | None = None,
) -> Exhaustion:
    """Once per session, at 0 pm, turn HP / willpower into pm 1:1; +1 shadow per 2 pm recovered.

    Only a mystic can (``max_pm`` 0 is refused, RULES 1.7), and never above ``max_pm``: more HP or
    willpower than the pm it can hold is refused. Decision: a caster spends at most the HP and
    willpower it has; reaching 0 HP makes it fall unconscious and dying (RULES 1.6), which the
    breakdown says.
    """
    whole_at_least("from_hp", from_hp)
    whole_at_least("from_willpower", from_willpower)
    if max_pm is not None:
        _within_max_pm(from_hp + from_willpower, max_pm)
    _require_essence(
        pm_now, used_this_session, (("from_hp", from_hp, hp), ("from_willpower", from_willpower, willpower))
    )
    recovered = from_hp + from_willpower
    require(
        "from_hp",
        recovered >= 1,
        "spend at least 1 HP or willpower",
        "≥ 1",
        "dépensez au moins 1 PV ou 1 point de volonté",
    )
    shadow = recovered // 2
    hp_after, wp_after = hp - from_hp, willpower - from_willpower
    lines = [
        Line(
            f"{from_hp} HP + {from_willpower} willpower → {recovered} pm",
            f"{from_hp} PV + {from_willpower} volonté → {recovered} pm",
        ),
        Line(f"shadow +{shadow} (1 per 2 pm)", f"ombre +{shadow} (1 par 2 pm)"),
    ]
    if from_hp and hp_after <= 0:
        lines.append(Line("0 HP: unconscious and dying", "0 PV : inconscient et agonisant"))
    return Exhaustion(recovered, recovered, hp_after, wp_after, shadow, tuple(lines))


def _require_essence(pm_now: int, used_this_session: bool, spending: tuple[tuple[str, int, int], ...]) -> None:
    """A caster at 0 pm, once per session, spending at most the HP and willpower it has."""
    require(
        "pm_now",
        pm_now == 0,
        f"only a caster with 0 pm can draw on its essence, it has {pm_now}",
        "0",
        f"seul un lanceur à 0 pm peut puiser dans son essence, il en a {pm_now}",
    )
    require(
        "used_this_session",
        not used_this_session,
        "mystical exhaustion is once per session",
        fr="l'épuisement mystique ne se fait qu'une fois par séance",
    )
    for name, spent, held in spending:
        require(
            name,
            spent <= max(held, 0),
            f"only {max(held, 0)} to spend",
            f"0…{max(held, 0)}",
            f"seulement {max(held, 0)} à dépenser",
        )
