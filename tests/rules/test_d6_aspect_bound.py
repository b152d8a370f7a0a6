"""Issue 34, item 8: a Système D6 spell takes at most MAX_ASPECTS aspects, wherever it comes from
(the core, ``calc``, a campaign's book that ``check`` reads, a saved last spell): 2,000 aspects
froze the app; now they are refused with a message naming the limit."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from core.d6.psionics import psionic_difficulty
from core.d6.spell import MAX_ASPECTS, free, spell_difficulty
from core.errors import RulesError
from core.spellbook.book import BookSpell, SpellInputs
from core.spellbook.d6 import D6Aspect, D6Inputs, PsionicInputs
from saves.format import CONVERTER
from saves.last_spells import load
from tests.cli.test_calc import calc

MANY = 2000  # froze the tab for more than 300 s


def test_item_8_the_core_takes_max_aspects_and_refuses_one_more():
    spell_difficulty(13, [free(f"a{i}", 1) for i in range(MAX_ASPECTS)])
    with pytest.raises(RulesError, match=f"at most {MAX_ASPECTS} aspects, got {MANY}") as caught:
        spell_difficulty(13, [free(f"a{i}", 1) for i in range(MANY)])
    assert caught.value.text("fr").startswith(f"aspect : au plus {MAX_ASPECTS} aspects, pas {MANY}")
    with pytest.raises(RulesError, match="at most"):
        psionic_difficulty("astral", [free(f"a{i}", 1) for i in range(MAX_ASPECTS + 1)])


@pytest.mark.parametrize("make", [D6Inputs, PsionicInputs])
def test_item_8_a_book_spell_with_too_many_aspects_is_refused(make):
    aspects = [D6Aspect(f"a{i}", value=1) for i in range(MANY)]
    fixed = {"effect": "4D"} if make is D6Inputs else {"power": "astral"}
    make(**fixed, aspects=aspects[:MAX_ASPECTS])
    with pytest.raises(RulesError, match=f"aspects: at most {MAX_ASPECTS} aspects, got {MANY}"):
        make(**fixed, aspects=aspects)


def test_item_8_calc_refuses_too_many_aspects_naming_the_option():
    argv = ["spell", "d6", "--effect", "4D", "--aspect", *[f"a{i}=1" for i in range(MANY)]]
    code, out, err = calc(*argv)
    assert (code, out) == (2, "")
    assert err == f"apotheose calc: --aspect: at most {MAX_ASPECTS} aspects, got {MANY} (allowed: ≤ {MAX_ASPECTS})\n"


def _many_aspects_entry() -> dict:
    data = CONVERTER.unstructure(D6Inputs(effect="4D", aspects=[D6Aspect("a", value=1)]), SpellInputs)
    data["aspects"] = data["aspects"] * MANY
    return data


def test_item_8_a_saved_last_spell_with_too_many_aspects_is_left_out_with_its_reason(tmp_path: Path):
    state, campaign = tmp_path / "last-spells.json", tmp_path / "table.json"
    state.write_text(json.dumps({str(campaign.resolve()): {"d6": _many_aspects_entry()}}))
    refused: dict[str, BaseException] = {}
    assert load(campaign, state, refused) == {}
    assert list(refused) == ["d6"]
    assert f"at most {MAX_ASPECTS} aspects, got {MANY}" in str(refused["d6"])


def test_item_8_check_refuses_a_campaign_whose_book_spell_has_too_many_aspects(tmp_path: Path, monkeypatch, capsys):
    from tui.cli.campaign import main_check, main_new

    monkeypatch.setenv("APOTHEOSE_SAVES", str(tmp_path))
    assert main_new(["villon", "--demo"]) == 0
    path = tmp_path / "villon.json"
    data = orjson.loads(path.read_bytes())
    spell = CONVERTER.unstructure(BookSpell("Soin", D6Inputs(effect="4D", aspects=[D6Aspect("a", value=1)])))
    data["campaign"]["book"]["spells"] = [spell]
    path.write_bytes(orjson.dumps(data))
    assert main_check([str(path)]) == 0  # one aspect: fine
    capsys.readouterr()
    spell["inputs"]["aspects"] = spell["inputs"]["aspects"] * MANY
    path.write_bytes(orjson.dumps(data))
    assert main_check([str(path)]) == 1
    assert f"at most {MAX_ASPECTS} aspects, got {MANY}" in capsys.readouterr().err
