"""The roster's commands and those that prepare a fight (tui/commands/roster.py, templates.py),
each run on a session without an app."""

from __future__ import annotations

from pathlib import Path

from core.actions import AddMany, Remove
from core.demo import demo_campaign
from saves.templates import library_path, load_library
from tests.commands.session import SessionContext, Typed, press


def on_demo(**kwargs: object) -> SessionContext:
    return SessionContext.on(demo_campaign(), **kwargs)  # type: ignore[arg-type]


def test_a_and_g_open_the_empty_forms() -> None:
    ctx = on_demo()
    press(ctx, "roster-add-character")
    press(ctx, "roster-add-group")
    assert [(type(s).__name__, s.original) for s in ctx.opened] == [("CharacterForm", None), ("GroupForm", None)]  # type: ignore[attr-defined]


def test_e_edits_the_selected_character_or_group() -> None:
    ctx = on_demo(selected="capitaine")
    press(ctx, "roster-edit")
    ctx.selected = "veterans"
    press(ctx, "roster-edit")
    shown = [(type(s).__name__, s.original.id) for s in ctx.opened]  # type: ignore[attr-defined]
    assert shown == [("CharacterForm", "capitaine"), ("GroupForm", "veterans")]
    nobody = on_demo()
    press(nobody, "roster-edit")
    assert nobody.warned == ["form.select_first"] and nobody.opened == []


def test_delete_removes_the_selected_after_a_yes() -> None:
    no = on_demo(selected="capitaine", answers=[False])
    press(no, "roster-remove")
    assert no.asked[0].question == "Remove Capitaine de la garde from the campaign and from every fight?"  # type: ignore[attr-defined]
    assert no.campaign.has("capitaine") and no.requested == []
    yes = on_demo(selected="capitaine", answers=[True])
    press(yes, "roster-remove")
    assert not yes.campaign.has("capitaine") and yes.requested == [Remove("capitaine")]


def test_t_m_q_open_their_one_line_dialogs(tmp_path: Path) -> None:
    ctx = on_demo(saved_at=tmp_path / "campagne.json")
    for command in ("roster-add-template", "roster-add-mooks", "roster-quick-add"):
        press(ctx, command)
    assert [type(s).__name__ for s in ctx.opened] == ["TemplatePicker", "MookLine", "QuickAdd"]
    assert ctx.opened[0].problem is None  # type: ignore[attr-defined]


def test_t_says_what_is_wrong_with_the_library_and_offers_the_built_in_templates(tmp_path: Path) -> None:
    from core.templates import BUILT_IN

    library = library_path(tmp_path)
    library.parent.mkdir(parents=True)
    library.write_text("{ not json", encoding="utf-8")
    ctx = on_demo(saved_at=tmp_path / "campagne.json")
    press(ctx, "roster-add-template")
    picker = ctx.opened[0]
    assert picker.templates == BUILT_IN and picker.problem  # type: ignore[attr-defined]


def test_save_as_template_writes_the_library_beside_the_campaign(tmp_path: Path) -> None:
    ctx = on_demo(selected="capitaine", saved_at=tmp_path / "campagne.json", answers=[Typed("Capitaine")])
    press(ctx, "roster-save-template")
    assert ctx.asked[0].value == "Capitaine de la garde"  # type: ignore[attr-defined]
    assert load_library(library_path(tmp_path))[-1].name == "Capitaine"
    assert ctx.notes[-1][1].startswith("Template 'Capitaine' saved")
    group = on_demo(selected="veterans", saved_at=tmp_path / "campagne.json")
    press(group, "roster-save-template")
    assert group.warned == ["tpl.pick_character"] and group.asked == []


def test_import_reads_the_file_typed_and_adds_what_it_holds(tmp_path: Path) -> None:
    good = tmp_path / "r.csv"
    good.write_text("kind,name,count,corps,combat,grade\n,Garde,2,6,4,\ngroup,Rats,5,,,civil\n", encoding="utf-8")
    ctx = on_demo(answers=[Typed(str(good))])
    press(ctx, "roster-import")
    assert [c.name for c in ctx.campaign.roster][-2:] == ["Garde 1", "Garde 2"]
    assert ctx.campaign.groups[-1].name == "Rats"
    assert [type(a) for a in ctx.requested] == [AddMany]
