"""``apotheose players add|remove|list|invite NAME …``: who may join the table over SSH.

    apotheose players add NAME PLAYER KEYFILE [--pc PC] [--lines]   authorise a player's public key (a .pub file, or - for stdin)
    apotheose players remove NAME PLAYER                  forget a player (keys and invitations)
    apotheose players list NAME                           the players, their keys' fingerprints, pending invitations
    apotheose players invite NAME PLAYER [--expires 24h] [--pc PC] [--lines]
                                                          a one-time code: the player's first login registers their key
    apotheose players link NAME [--renew]                 the browser link's secret (serve --web): --renew revokes the old link

The list lives beside the campaign, the GM's alone (:mod:`saves.access`). Imports neither
Textual nor any SSH library. Exit 0; 1 when the campaign or a file cannot be read; 2 for bad
input (an unknown player, a key that is not a public key, a bad duration).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from core.errors import RulesError

if TYPE_CHECKING:
    from tui.cli.campaign import OneLineParser

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def duration(text: str) -> float:
    match = re.fullmatch(r"([1-9][0-9]{0,5})([smhd])", text.strip())
    if match is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a duration such as 30m, 24h or 7d")
    seconds = int(match.group(1)) * UNITS[match.group(2)]
    if seconds > 90 * 86400:
        raise argparse.ArgumentTypeError(f"{text!r}: an invitation lasts 90 days at most")
    return float(seconds)


#: The campaign argument of every ``players`` command.
CAMPAIGN = "a campaign name (in the saves folder) or its file"


def _command(sub: argparse._SubParsersAction[OneLineParser], name: str, what: str) -> OneLineParser:
    """A ``players`` command whose ``--help`` says what it does, as ``players --help`` lists it."""
    return sub.add_parser(name, help=what, description=what[:1].upper() + what[1:] + ".")


def main_players(argv: Sequence[str]) -> int:
    from tui.cli.campaign import _parser, _run

    p = _parser("players", "Who may join the table over SSH, and the browser link (apotheose serve).")
    sub = p.add_subparsers(dest="what", required=True, metavar="add|remove|list|invite|link")
    add = _command(sub, "add", "authorise a player's public key")
    add.add_argument("campaign", metavar="NAME|FILE", help=CAMPAIGN)
    add.add_argument("player", metavar="PLAYER", help="the player's SSH user name")
    add.add_argument("key", metavar="KEYFILE", help="their public key (a .pub file), or - to read it from stdin")
    add.add_argument(
        "--pc", metavar="NAME", help="their character, by name or id (the view tells them when it is their turn)"
    )
    _lines_option(add)
    remove = _command(sub, "remove", "forget a player")
    remove.add_argument("campaign", metavar="NAME|FILE", help=CAMPAIGN)
    remove.add_argument("player", metavar="PLAYER", help="the player's SSH user name")
    listing = _command(sub, "list", "the players and pending invitations")
    listing.add_argument("campaign", metavar="NAME|FILE", help=CAMPAIGN)
    inv = _command(sub, "invite", "a one-time code that registers the key a player logs in with")
    inv.add_argument("campaign", metavar="NAME|FILE", help=CAMPAIGN)
    inv.add_argument("player", metavar="PLAYER", help="the SSH user name they will log in with")
    inv.add_argument(
        "--expires",
        type=duration,
        default=24 * 3600.0,
        metavar="30m|24h|7d",
        help="how long the code works (default 24h)",
    )
    inv.add_argument("--pc", metavar="NAME", help="their character, by name or id")
    _lines_option(inv)
    link = _command(
        sub, "link", "the browser link's secret (apotheose serve --web); --renew: a new one, the old link stops working"
    )
    link.add_argument("campaign", metavar="NAME|FILE", help=CAMPAIGN)
    link.add_argument(
        "--renew", action="store_true", help="make a new secret: the old link and the tabs opened with it stop at once"
    )
    for parser in (add, remove, listing, inv, link):
        parser.add_argument(
            "--saves", metavar="DIR", help="the saves folder (default: $APOTHEOSE_SAVES or your data folder)"
        )
    return _run("players", p, argv, _players)


def _lines_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lines",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="their view as plain lines, one per change (a screen reader, a braille display); --no-lines: the full view",
    )


def _players(args: argparse.Namespace) -> int:
    from saves import access
    from saves.errors import SaveError
    from tui.cli.campaign import Rejected, _campaign_file

    path = _campaign_file(args.campaign, args.saves)
    if not os.path.lexists(path):
        raise SaveError(path, "no such campaign")
    if args.what == "link":
        return _link(path, renew=args.renew)
    if args.what in ("add", "invite"):
        access.check_name(args.player)
    if args.what == "add":
        pc, pc_name = _pc(path, args.pc)
        text = sys.stdin.read(64 * 1024) if args.key == "-" else _read_key(Path(args.key))
        try:
            keys = access.normal_keys(text)
            access.add_player(path, args.player, keys, pc=pc, pc_name=pc_name, lines=args.lines)
        except RulesError as error:
            if error.field != "key":
                raise
            read = "the key read from stdin" if args.key == "-" else f"the key file {args.key}"
            raise Rejected(f"{read} {error.reason}") from None
        for key in keys:
            print(f"{args.player} may join {path.stem}: {access.fingerprint(key)}")
        return 0
    if args.what == "remove":
        if not access.remove_player(path, args.player):
            raise RulesError("player", f"{args.player!r} is not a player of {path.stem}")
        print(f"{args.player} removed from {path.stem}")
        return 0
    if args.what == "invite":
        pc, pc_name = _pc(path, args.pc)
        code, until = access.invite(path, args.player, args.expires, pc=pc, pc_name=pc_name, lines=args.lines)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(until))
        print(f"invitation for {args.player} (works once, until {when}): {code}")
        print(f"they run: {_join(path, args.player)}  and type the code when asked")
        return 0
    return _list_players(path)


def _join(campaign: Path, player: str) -> str:
    """The line the player types: where ``apotheose serve`` last listened, or PORT and HOST to
    fill in (the server has not run yet, or the access list cannot say)."""
    from core.text import visible
    from saves import access

    try:
        server = access.read_access(campaign).server
    except Exception:  # noqa: BLE001 - only the join line misses it
        server = None
    if server is None:
        return f"ssh -p PORT {player}@HOST (PORT and HOST: what apotheose serve prints when it starts)"
    port = "" if server.port == 22 else f"-p {server.port} "
    return visible(f"ssh {port}{player}@{server.host}", lines=False) + " (where apotheose serve last listened)"


def _list_players(path: Path) -> int:
    """Print who may join the campaign at ``path``, each player once: their character, their
    keys (with fingerprints) and their newest invitation."""
    from core.text import visible
    from saves import access

    known = access.read_access(path)
    now = time.time()
    names = list(dict.fromkeys([*(p.name for p in known.players), *(i.player for i in known.invitations)]))
    for name in names:
        player = known.player(name)
        keys = player.keys if player is not None else ()
        invitations = [i for i in known.invitations if i.player == name]
        said = [f"{len(keys)} key{'s' if len(keys) != 1 else ''}"] if keys or not invitations else []
        if invitations:
            expires = max(i.expires for i in invitations)
            state = "expired" if expires <= now else "until " + time.strftime("%Y-%m-%d %H:%M", time.localtime(expires))
            said.append(f"invited, {state}")
        seat = [f"plays {player.pc}"] if player is not None and player.pc else []
        seat += ["plain lines"] if player is not None and player.lines else []
        pc = f" ({', '.join(seat)})" if seat else ""
        print(visible(f"{name}{pc}: {', '.join(said)}", lines=False))
        for key in keys:
            print(f"  {access.fingerprint(key)} {key.split()[0]}")
    if not names:
        print(f"nobody may join {path.stem} yet: apotheose players add|invite {path.stem} …")
    return 0


def _link(campaign: Path, *, renew: bool) -> int:
    from saves.web_token import read_token, renew_token, token_path

    where = token_path(campaign)
    if renew:
        had = os.path.lexists(where)  # not read: a secret others may read is what --renew replaces
        renew_token(campaign)
        before = (
            "the old one no longer works (a running apotheose serve --web closes its tabs and prints the new link)"
            if had
            else f"there was none before (apotheose serve {campaign.stem} --web prints it)"
        )
        print(f"{campaign.stem}: a new browser link; {before}")
        return 0
    if read_token(campaign) is None:
        print(f"{campaign.stem}: no browser link yet (apotheose serve {campaign.stem} --web makes one and prints it)")
    else:
        made = time.strftime("%Y-%m-%d %H:%M", time.localtime(os.stat(where).st_mtime))
        print(
            f"{campaign.stem}: a browser link since {made}, its secret in {where} (the GM's alone); "
            f"apotheose serve {campaign.stem} --web prints it"
        )
    return 0


def _read_key(path: Path) -> str:
    """The text of the key file ``path``; one that cannot be read is named as the key file."""
    from saves.atomic import load_bytes
    from saves.errors import SaveError
    from tui.cli.campaign import Rejected

    try:
        raw = load_bytes(path, limit=64 * 1024)
    except SaveError as error:
        raise Rejected(f"the key file {path}: {error.reason}") from None
    return raw.decode("utf-8", "replace")


def _pc(campaign: Path, pc: str | None) -> tuple[str | None, str | None]:
    """The id of the player character ``pc`` names (its id or its name, any case:
    :func:`core.player_pc.player_character`), refused with the PCs listed when it is an NPC, a
    group or nobody of the campaign; and its name (kept in the access list: the server never
    loads the campaign to find it)."""
    if pc is None:
        return None, None
    from core.player_pc import Candidate, player_character
    from saves.store import load_campaign

    state = load_campaign(campaign).journal.campaign
    candidates = [
        *(Candidate(c.id, c.name, "pc" if c.pc else "npc") for c in state.roster),
        *(Candidate(g.id, g.name, "group") for g in state.groups),
    ]
    try:
        found = player_character(pc, candidates)
    except RulesError as error:
        raise RulesError("--pc", error.reason) from None
    assert found is not None
    return found.key, found.name
