"""What a player may send (issue 38): the message's bounds and the one rule of what may be sent now."""

import pytest

from core.errors import RulesError
from core.player_send import Ask, Sent, Waiting, may_send
from core.player_view import PlayerView, Row


def view(**kwargs: object) -> PlayerView:
    rows = (Row("Alduin", "pc", current=True), Row("Bérénice", "pc"), Row("Garde", "npc"))
    return PlayerView("Villon", encounter="Rue", rows=rows, **kwargs)  # type: ignore[arg-type]


def test_an_attack_on_the_pcs_turn_and_done_on_it_only() -> None:
    v = view()
    assert may_send(v, "Alduin", "attack") is None
    assert may_send(v, "Alduin", "done") is None
    assert may_send(v, "Bérénice", "attack") == "not_asked"
    assert may_send(v, "Bérénice", "done") == "not_your_turn"


def test_the_other_rolls_only_when_the_gm_asks_them_of_that_pc() -> None:
    v = view(asks=(Ask("Bérénice", "defence"),))
    assert may_send(v, "Bérénice", "defence") is None
    assert may_send(v, "Alduin", "defence") == "not_asked"
    assert may_send(v, "Bérénice", "initiative") == "not_asked"
    assert may_send(v, "Bérénice", "free text") == "not_asked"


def test_sending_off_for_the_table_or_one_pc_and_a_seat_without_a_pc() -> None:
    assert may_send(view(sending=False), "Alduin", "attack") == "off"
    assert may_send(view(muted=("Alduin",)), "Alduin", "done") == "off"
    assert may_send(view(muted=("Alduin",)), "Bérénice", "done") == "not_your_turn"
    assert may_send(view(), None, "attack") == "no_pc"


def test_an_npcs_turn_is_no_pcs_turn() -> None:
    v = PlayerView("Villon", rows=(Row("Alduin", "npc", current=True),))
    assert may_send(v, "Alduin", "attack") == "not_asked"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"kind": "attack"}, "die"),
        ({"kind": "attack", "die": 11}, "die"),
        ({"kind": "attack", "die": -10}, "die"),
        ({"kind": "attack", "die": True}, "die"),
        ({"kind": "done", "die": 3}, "die"),
        ({"kind": "done", "by_table": True}, "die"),
        ({"kind": "shout", "die": 3}, "kind"),
        ({"kind": "attack", "die": 3, "kult": "d6"}, "kult"),
        ({"kind": "attack", "die": 3, "number": 0}, "number"),
        ({"kind": "attack", "die": 3, "player": "x" * 81}, "player"),
        ({"kind": "attack", "die": 3, "pc_name": "a\x1b[2J"}, "pc_name"),
    ],
)
def test_a_message_out_of_bounds_is_refused_naming_its_field(kwargs: dict[str, object], field: str) -> None:
    values: dict[str, object] = {"number": 1, "player": "Marie", "pc": "alduin", "pc_name": "Alduin", **kwargs}
    with pytest.raises(RulesError) as error:
        Sent(**values)  # type: ignore[arg-type]
    assert error.value.field == field


def test_a_message_within_bounds() -> None:
    sent = Sent(3, "Marie", "alduin", "Alduin", "attack", die=-9, by_table=True)
    assert (sent.die, sent.by_table) == (-9, True)
    assert Sent(1, "Marie", "alduin", "Alduin", "done").die is None
    assert Waiting("Alduin", "initiative", 10).die == 10
