"""RULES 1.3: a stigma's permanent effect on the character, applied when it is gained and given
back when a grace cancels it (or it is renounced).

The losses are written on the character itself — a weakened characteristic is lower, a
permanent wound raises ``hp_loss``, a wavering will ``willpower_loss`` — so every derived value
(scores, max HP, max willpower, max pm, max intensity, initiative) follows. The points actually
taken are kept in the mark (:attr:`~core.shadow.StigmaEffect.taken`), so giving them back
restores exactly what was there.
"""

from __future__ import annotations

import attrs

from core.breakdown import Line
from core.characteristics import CHARACTERISTIC_NAMES, CHARACTERISTICS
from core.roster import Character
from core.shadow import PERMANENT_LOSSES, EffectKind, Mark, MarkKind, MarkLevel, StigmaEffect
from core.validators import require

#: Shadow gained for resisting a compulsion, by the stigma's level (RULES 1.3: +1/+2/+3).
COMPULSION_SHADOW = {MarkLevel.minor: 1, MarkLevel.major: 2, MarkLevel.supreme: 3}


def _name(characteristic: str) -> Line:
    return Line(*CHARACTERISTIC_NAMES[characteristic])


def _clamped(c: Character) -> Character:
    """Current HP, willpower and pm never above their (new) max."""
    return attrs.evolve(c, hp=min(c.hp, c.max_hp), willpower=min(c.willpower, c.max_willpower), pm=min(c.pm, c.max_pm))


def take(c: Character, level: MarkLevel, effect: StigmaEffect) -> tuple[Character, StigmaEffect, Line]:
    """Apply ``effect`` of a stigma of ``level`` to ``c``: the character after, the effect with the
    points it took, and a line saying so. A loss never takes a characteristic below 0, max HP
    below 1 or max willpower below 0 (what it could not take is not recorded, so it is not given
    back either)."""
    kind = effect.kind
    if kind.loss is None:
        done = attrs.evolve(effect, characteristic="", taken=0)
        text = f": {effect.text}" if effect.text else ""
        return (
            c,
            done,
            Line(f"stigma effect: {kind.label('en')}{text}", f"effet du stigmate : {kind.label('fr')}{text}"),
        )
    amount = PERMANENT_LOSSES[level][kind.loss]
    if kind is EffectKind.weakening:
        name = effect.characteristic
        require(
            "characteristic",
            name in CHARACTERISTICS,
            f"a weakening needs a characteristic, got {name!r}",
            CHARACTERISTICS,
            f"un affaiblissement demande une caractéristique, pas {name!r}",
        )
        now = c.characteristics.get(name)
        taken = min(amount, now)
        after = attrs.evolve(c, characteristics=attrs.evolve(c.characteristics, **{name: now - taken}))
        label = _name(name)
        line = Line(
            f"weakening: {label.en} {now} → {now - taken}", f"affaiblissement : {label.fr} {now} → {now - taken}"
        )
    elif kind is EffectKind.wound:
        taken = min(amount, c.max_hp - 1)
        after = attrs.evolve(c, hp_loss=c.hp_loss + taken)
        line = Line(
            f"permanent wound: max HP {c.max_hp} → {after.max_hp}",
            f"blessure permanente : PV max {c.max_hp} → {after.max_hp}",
        )
    else:
        taken = min(amount, c.max_willpower)
        after = attrs.evolve(c, willpower_loss=c.willpower_loss + taken)
        line = Line(
            f"wavering will: max willpower {c.max_willpower} → {after.max_willpower}",
            f"volonté vacillante : volonté max {c.max_willpower} → {after.max_willpower}",
        )
    done = attrs.evolve(
        effect, characteristic=effect.characteristic if kind is EffectKind.weakening else "", taken=taken
    )
    return _clamped(after), done, line


def give_back(c: Character, mark: Mark) -> tuple[Character, Line | None]:
    """Undo a stigma's applied loss (a grace cancelled it, or it was renounced)."""
    effect = mark.permanent
    if mark.kind is not MarkKind.stigma or effect is None or effect.kind.loss is None or not effect.taken:
        return c, None
    n = effect.taken
    if effect.kind is EffectKind.weakening:
        name = effect.characteristic
        now = c.characteristics.get(name)
        label = _name(name)
        after = attrs.evolve(c, characteristics=attrs.evolve(c.characteristics, **{name: now + n}))
        return after, Line(f"{label.en} given back: {now} → {now + n}", f"{label.fr} rendue : {now} → {now + n}")
    if effect.kind is EffectKind.wound:
        after = attrs.evolve(c, hp_loss=max(0, c.hp_loss - n))
        return after, Line(
            f"max HP given back: {c.max_hp} → {after.max_hp}", f"PV max rendus : {c.max_hp} → {after.max_hp}"
        )
    after = attrs.evolve(c, willpower_loss=max(0, c.willpower_loss - n))
    return after, Line(
        f"max willpower given back: {c.max_willpower} → {after.max_willpower}",
        f"volonté max rendue : {c.max_willpower} → {after.max_willpower}",
    )


def set_effect(c: Character, index: int, effect: StigmaEffect) -> tuple[Character, tuple[Line, ...]]:
    """Give the stigma at ``index`` (of those ``c`` holds) its permanent effect, applied; a stigma
    that had one gets its losses back first (the GM changed their mind)."""
    shadow = c.shadow
    require("key", shadow is not None, f"{c.name} is an NPC: no stigmata", fr=f"{c.name} est un PNJ : pas de stigmates")
    assert shadow is not None
    held = shadow.stigmata
    ok = isinstance(index, int) and not isinstance(index, bool) and -len(held) <= index < len(held)
    require(
        "index",
        ok,
        f"no stigma at {index!r}",
        f"{-len(held)}…{len(held) - 1}",
        f"pas de stigmate à la position {index!r}",
    )
    mark = held[index]
    lines: list[Line] = []
    c, back = give_back(c, mark)
    if back is not None:
        lines.append(back)
    c, applied, line = take(c, mark.level, effect)
    lines.append(line)
    stigmata = list(held)
    stigmata[index] = attrs.evolve(mark, permanent=applied)
    assert c.shadow is not None
    return attrs.evolve(c, shadow=attrs.evolve(c.shadow, stigmata=tuple(stigmata))), tuple(lines)


__all__ = ["COMPULSION_SHADOW", "give_back", "set_effect", "take"]
