"""``apotheose [CAMPAIGN]``: open the GM app (the only path that imports Textual).

No campaign: the demo campaign ``demo`` of the saves folder, created on first run. A name or a
file opens that campaign; a name that is not there is an error (exit 2) pointing to ``apotheose
new``. The campaign is locked while the app runs: a campaign another process holds opens
read-only, and the app says who holds it. A file that cannot be loaded opens on the bad-save
screen, which offers its backups that load. Every change is saved by an
:class:`~saves.store.AutoSaver`; on exit the app flushes it and releases the lock.
"""

from __future__ import annotations

import argparse
import gc
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tui.cli import commands_help, version
from tui.i18n import LANGS, default_lang

if TYPE_CHECKING:
    from core.dice import RandomSource
    from tui.app import ApotheoseApp
    from tui.session import Session

#: The campaign opened when none is named (created in the saves folder on first run).
DEMO = "demo"
#: While the app runs: new objects between two collections of the youngest (Python's default: 700).
YOUNG_OBJECTS = 10_000
#: Until the app's first frame: the same, high enough that none comes before it (the imports, the
#: campaign opened and the first screen's widgets make about 170,000 objects that live, next to
#: none of them garbage); a bound all the same, should no frame ever be drawn.
STARTING_OBJECTS = 1_000_000


class Usage(Exception):
    """Bad command-line input: one line on stderr, exit status 2."""


class NoTerminal(Exception):
    """Standard input is not a terminal: one line on stderr, exit status 1, nothing opened."""


def parser() -> argparse.ArgumentParser:
    from tui.cli.campaign import OneLineParser

    p = OneLineParser(
        prog="apotheose",
        description="The Apothéose GM app: opens CAMPAIGN, or the demo fight. Other commands below.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=commands_help(),
    )
    p.add_argument("--version", action=VersionAction, help="print the version and stop")
    p.add_argument("campaign", nargs="?", help="a campaign name (in the saves folder) or a file; default: the demo")
    p.add_argument("--saves", metavar="DIR", help="the saves folder (default: $APOTHEOSE_SAVES or your data folder)")
    p.add_argument("--lang", choices=LANGS, default=None, help="language of the app (default: from LANG)")
    p.add_argument(
        "--no-mouse", action="store_true", help="do not ask the terminal for mouse reports (quieter over SSH)"
    )
    p.add_argument(
        "--mouse", action="store_true", help="over SSH too, ask for every mouse motion (default there: clicks only)"
    )
    p.add_argument("--read-only", action="store_true", help="open without changing anything")
    p.add_argument(
        "--colors",
        choices=tuple(COLOR_SYSTEMS),
        default=None,
        help="force the colours (ssh does not pass COLORTERM on): 16, 256 or truecolor; default: what the terminal says",
    )
    return p


class VersionAction(argparse.Action):
    """``--version``: the package's version, read from its metadata only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help=str(kwargs.get("help")))

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"apotheose {version()}")
        parser.exit()


#: ``--colors`` → Textual's TEXTUAL_COLOR_SYSTEM (read when Textual is first imported).
COLOR_SYSTEMS = {"auto": "auto", "16": "standard", "256": "256", "truecolor": "truecolor"}


def campaign_path(name: str | None, saves: str | None) -> Path:
    """The file to open: the demo (created if missing), or the campaign named or given."""
    from core.errors import RulesError
    from saves.atomic import backups_of
    from saves.paths import list_campaigns, resolve_campaign, saves_dir
    from saves.store import create_campaign

    folder = saves_dir(saves)
    if name is None:
        path = resolve_campaign(DEMO, folder)
        if not os.path.lexists(path):
            from core.demo import demo_campaign  # only to create it (its module: 2-3 ms to import)

            create_campaign(path, demo_campaign())
        return path
    try:
        path = resolve_campaign(name, folder)
    except RulesError as error:
        raise Usage(f"apotheose: {error}") from None
    if not os.path.lexists(path) and not backups_of(path):
        known = ", ".join(p.stem for p in list_campaigns(folder)) or "none yet"
        raise Usage(
            f"apotheose: no campaign {name!r} ({path}); create it with: apotheose new {name!r}"
            f"{'' if saves is None else f' --saves {saves}'} (campaigns in {folder}: {known})"
        )
    return path


def open_session(
    path: Path, *, read_only: bool = False, rng: RandomSource | None = None
) -> tuple[Session, str | None, list[str]]:
    """A session on ``path`` with its autosaver (none when read-only), who holds the campaign
    when another process does, and what else the GM should be told (history reset, no lock)."""
    from saves.store import AutoSaver, open_campaign
    from tui.session import Session

    # The players' file is written by the autosaver once the app has drawn the campaign
    # (MainScreen.after_first_frame), or before its first save, or at the close.
    opened = open_campaign(path, read_only=read_only, publish_now=False)
    saver = (
        AutoSaver(path, opened.lock, seen=opened.seen, warm=opened.journal, later=True)
        if opened.lock is not None
        else None
    )
    session = Session(opened.journal, saver=saver, path=path, read_only=opened.read_only, rng=rng)
    notes = [opened.note] if opened.note else []
    if opened.unlockable:
        notes.append(f"Read-only: {opened.unlockable}")
    return session, opened.locked_by, notes


def build(argv: Sequence[str], *, rng: RandomSource | None = None, need_terminal: bool = False) -> ApotheoseApp:
    """The app for these command-line words, its campaign open (raises :class:`Usage`).
    ``need_terminal``: refuse (:class:`NoTerminal`) before opening anything when standard input
    is not a terminal (the command line; tests drive the app without one)."""
    from saves.errors import MissingFileError, SaveError
    from tui.cli.campaign import Rejected

    try:
        args = parser().parse_args(list(argv))
    except Rejected as error:
        raise Usage(f"apotheose: {error}") from None
    if args.colors is not None:
        os.environ["TEXTUAL_COLOR_SYSTEM"] = COLOR_SYSTEMS[args.colors]
    path = campaign_path(args.campaign, args.saves)
    if need_terminal:
        from tui.terminal import no_terminal

        if (why := no_terminal()) is not None:
            raise NoTerminal(f"apotheose: {why}")
    lang = args.lang or default_lang(os.environ)
    locked_by = load_error = None
    notes: list[str] = []
    try:
        session, locked_by, notes = open_session(path, read_only=args.read_only, rng=rng)
    except SaveError as error:
        if isinstance(error, MissingFileError) and error.backup is None:
            raise Usage(f"apotheose: {error}") from None
        from core.campaign import Campaign
        from tui.session import Session

        load_error = error
        session = Session.of(Campaign(name=path.stem or "?"), path=path, read_only=True, rng=rng)
    # Textual only now, with a campaign to show: a wrong name or option is answered without it.
    from tui.app import make_app
    from tui.textual_fixes.mouse import CLICKS, OFF, clicks_only_driver, mouse_mode

    mode = mouse_mode(mouse=args.mouse, no_mouse=args.no_mouse, environ=os.environ)
    app = make_app(session, lang=lang, locked_by=locked_by, load_error=load_error, mouse=mode != OFF, notes=notes)
    if mode == CLICKS and (driver := clicks_only_driver()) is not None:
        app.driver_class = driver
    return app


def finish(app: ApotheoseApp) -> str | None:
    """Flush the autosaver and release the lock; a message if the last changes could not be saved."""
    from saves.store import AutoSaver

    saver = app.session.saver
    if not isinstance(saver, AutoSaver):
        return None
    saver.on_error = saver.on_recovered = saver.on_conflict = saver.on_warning = None  # the app is gone: nobody to tell
    try:
        if saver.close():
            if saver.conflict is not None:
                return f"apotheose: {saver.conflict}"
            return None
        return f"apotheose: the last changes could not be saved: {saver.error}"
    finally:
        saver.lock.release()


def on_hangup(app: ApotheoseApp) -> None:
    """When the SSH link drops (SIGHUP), leave the app: :func:`finish` then saves the campaign
    and releases its lock."""
    import asyncio
    import signal

    try:
        asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, app.exit)
    except (NotImplementedError, RuntimeError, ValueError):  # no SIGHUP here, or not the main thread
        pass


def main(argv: Sequence[str]) -> int:
    # No collection before the first frame: the imports, the campaign's opening and the first
    # screen's widgets make objects that live, next to none of them garbage, and each collection
    # walked them (with one every 700 objects, about 100 collections before the first frame, 80
    # to 120 ms of CPU at load 8; one every 10,000: 16 or 17, 40 to 70 ms at load 6, more when a
    # second generation's falls there). Once it is drawn (:func:`first_frame_drawn`), what is
    # alive is frozen and the youngest objects are collected every 10,000 made, not 700.
    threshold = gc.get_threshold()
    gc.set_threshold(STARTING_OBJECTS, *threshold[1:])
    try:
        return _run(argv)
    finally:
        gc.set_threshold(*threshold)


def first_frame_drawn() -> None:
    """What the app's first screen calls once the GM sees it: what is alive now (modules,
    classes, the campaign, the screen's widgets) stays for the run, frozen, so that the
    collector's full passes do not walk it; the youngest objects are collected every
    :data:`YOUNG_OBJECTS` from now on."""
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])


def _run(argv: Sequence[str]) -> int:
    from saves.errors import SaveError
    from tui.cli.output import complain

    try:
        app = build(argv, need_terminal=True)
    except SystemExit as done:  # --help
        return done.code if isinstance(done.code, int) else 0
    except Usage as error:
        return complain(str(error), 2)
    except NoTerminal as error:
        return complain(str(error), 1)
    except SaveError as error:  # e.g. the demo cannot be created: the saves folder is not writable
        return complain(f"apotheose: {error}", 1)
    app.call_later(on_hangup, app)
    app.on_first_frame = first_frame_drawn
    from tui.terminal import leave_on_hangup

    hung_up = leave_on_hangup(app)  # stdin at end of file: finish() below saves and unlocks
    crash: BaseException | None = None
    # What is alive now (modules, classes, the campaign opened) stays for the whole run: frozen,
    # the garbage collector's full passes no longer walk it (one fell inside the first frame's
    # composing, about 70 ms on a loaded machine; later ones are cheaper too).
    gc.freeze()
    try:
        app.run(mouse=app.mouse)
    except OSError:  # the terminal went away (a dropped SSH link): the campaign is still saved below
        pass
    except Exception as error:  # noqa: BLE001 - reported below, never silently
        crash = error
    finally:
        gc.unfreeze()
        problem = finish(app)
    from tui.textual_fixes.exit import crash_of

    crash = crash or crash_of(app)
    if hung_up.is_set() and crash is None:
        from tui.terminal import HUNG_UP

        return complain(f"apotheose: {HUNG_UP}: {problem or 'the campaign is saved and its lock released'}", 1)
    if crash is not None or (app.return_code or 0) != 0:
        complain(crash_report(crash, app.session.path, saved=problem is None), CRASHED)
        return complain(problem, CRASHED) if problem else CRASHED
    return complain(problem, 1) if problem else 0


#: Exit status after an unexpected error in the app.
CRASHED = 70


def crash_log_path() -> Path:
    """Where crash tracebacks go: ``crash.log`` in the user data folder (beside ``campaigns``)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("apotheose", appauthor=False)) / "crash.log"


def crash_report(error: BaseException | None, campaign: Path | None, *, saved: bool = True) -> str:
    """Append the traceback of ``error`` to the crash log; the one line telling the GM where it
    is and that what was saved is safe."""
    import traceback
    from datetime import datetime, timezone

    from core.text import visible

    log = crash_log_path()
    text = "".join(traceback.format_exception(error)) if error is not None else "the app exited with an error\n"
    stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
    try:
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "a", encoding="utf-8") as out:
            out.write(f"--- {stamp} apotheose crashed ({campaign})\n{visible(text)}\n")
        where = f"the details are in {log}"
    except OSError as why:
        where = f"the details could not be written to {log} ({why.strerror or why})"
    kept = "nothing saved was lost" if saved else "only the changes since the last save may be lost"
    what = visible(f"{type(error).__name__}: {error}" if error is not None else "an error", lines=False)
    return f"apotheose stopped on an unexpected error ({what[:200]}); {kept}; {where}"
