"""Issue 15, item 4: a crash is never silent — traceback to a log file, one line, non-zero exit."""

from __future__ import annotations

import pytest

from tui import run


@pytest.fixture
def data_home(tmp_path, monkeypatch, in_a_terminal):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("APOTHEOSE_SAVES", str(tmp_path / "saves"))
    return tmp_path / "data"


def test_an_unexpected_error_is_logged_told_in_one_line_and_exits_non_zero(data_home, monkeypatch, capsys):
    from tui.app import ApotheoseApp

    def boom(self, **_kwargs):
        raise RuntimeError("the \x1b]0;pwned\x07 cursor fell off")

    monkeypatch.setattr(ApotheoseApp, "run", boom)
    assert run.main([]) == run.CRASHED
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    log = data_home / "apotheose" / "crash.log"
    assert str(log) in err and "nothing saved was lost" in err
    assert "\x1b" not in err
    text = log.read_text()
    assert "RuntimeError" in text and "Traceback" in text and "\x1b" not in text


def test_an_error_inside_the_app_exits_non_zero(data_home, monkeypatch, capsys):
    from tui.app import ApotheoseApp

    def failing(self, **_kwargs):
        self._return_code = 1
        self._exception = ValueError("inside")

    monkeypatch.setattr(ApotheoseApp, "run", failing)
    assert run.main([]) == run.CRASHED
    assert "ValueError: inside" in capsys.readouterr().err
