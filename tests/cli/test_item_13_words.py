"""Issue 34, item 13, the command line's words: ``check`` says "an apotheose.campaign file",
``players link --renew`` with no link before says there was none."""

from __future__ import annotations

from tui.cli import main
from tui.cli.campaign import main_check, main_new


def test_item_13_check_says_an_apotheose_campaign_file(tmp_path, capsys):
    path = tmp_path / "other.json"
    path.write_text('{"format": "something else"}')
    assert main_check([str(path)]) == 1
    err = capsys.readouterr().err
    assert "is not an apotheose.campaign file" in err and "a apotheose" not in err


def test_item_13_renewing_a_link_that_never_was_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("APOTHEOSE_SAVES", str(tmp_path))
    assert main_new(["villon", "--demo"]) == 0
    capsys.readouterr()
    assert main(["players", "link", "villon", "--renew"]) == 0
    first = capsys.readouterr().out
    assert "there was none before" in first and "no longer works" not in first
    assert main(["players", "link", "villon", "--renew"]) == 0
    assert "the old one no longer works" in capsys.readouterr().out
