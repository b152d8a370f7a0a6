"""The versioned envelope: seal/open round trip, errors that name the file, the migration chain."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import RulesError
from saves.atomic import atomic_write, backup_path, load
from saves.envelope import (
    CAMPAIGN,
    CURRENT_VERSION,
    FORMAT,
    EnvelopeFormat,
    open_envelope,
    seal,
)
from saves.errors import (
    BadFieldError,
    FutureVersionError,
    NotCampaignError,
    NotJsonError,
    SaveError,
)

PATH = Path("/campaigns/la-nuit-des-cendres.json")
PAYLOAD = {"name": "La nuit des cendres", "roster": [{"name": "Morvan", "hp": 12}], "round": 3}


def envelope(**fields) -> bytes:
    return orjson.dumps(fields)


def test_seal_writes_format_and_version_first():
    raw = seal(PAYLOAD)
    assert raw.startswith(b'{\n  "format": "apotheose.campaign",\n  "version": %d,\n' % CURRENT_VERSION)
    assert list(orjson.loads(raw)) == ["format", "version", "name", "roster", "round"]
    assert raw.endswith(b"\n")


def test_open_envelope_returns_the_payload_sealed():
    assert open_envelope(seal(PAYLOAD), PATH) == PAYLOAD


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**63 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@pytest.mark.slow
@given(st.dictionaries(st.text().filter(lambda k: k not in ("format", "version")), json_values, max_size=6))
def test_any_json_payload_round_trips(payload):
    assert open_envelope(seal(payload), PATH) == payload


def test_seal_refuses_a_payload_holding_envelope_keys():
    with pytest.raises(ValueError, match="version"):
        seal({"version": 3})


@pytest.mark.parametrize(
    ("raw", "error", "field", "words"),
    [
        (b"", NotJsonError, None, "is empty"),
        (b"  \n", NotJsonError, None, "is empty"),
        (seal(PAYLOAD)[:-12], NotJsonError, None, "truncated"),
        (b"\x89PNG\r\n\x1a\n garbage", NotJsonError, None, "not valid JSON"),
        (b'{"format": "apotheose.campaign", "version": 1}{', NotJsonError, None, "line 1, column"),
        (b"[1, 2, 3]", NotCampaignError, None, "found an array"),
        (b'"apotheose.campaign"', NotCampaignError, None, "found a string"),
        (envelope(version=1), NotCampaignError, "$.format", "no format"),
        (envelope(format="harlequin.query", version=1), NotCampaignError, "$.format", "'harlequin.query'"),
        (envelope(format=FORMAT), NotCampaignError, "$.version", "found null"),
        (envelope(format=FORMAT, version="1"), NotCampaignError, "$.version", "found a string '1'"),
        (envelope(format=FORMAT, version=True), NotCampaignError, "$.version", "True"),
        (envelope(format=FORMAT, version=1.0), NotCampaignError, "$.version", "1.0"),
        (envelope(format=FORMAT, version=0), NotCampaignError, "$.version", "≥ 1"),
        (envelope(format=FORMAT, version=CURRENT_VERSION + 1), FutureVersionError, "$.version", "newer apotheose"),
    ],
)
def test_bad_files_raise_errors_that_name_the_file(raw, error, field, words):
    with pytest.raises(error) as caught:
        open_envelope(raw, PATH)
    message = str(caught.value)
    assert message.startswith(f"{PATH}: ")
    assert words in message
    assert caught.value.path == PATH
    assert caught.value.field == field
    if field:
        assert f"{PATH}: {field}: " in message


def test_future_version_says_which_versions():
    with pytest.raises(FutureVersionError) as caught:
        open_envelope(envelope(format=FORMAT, version=CURRENT_VERSION + 1), PATH)
    assert (caught.value.version, caught.value.supported) == (CURRENT_VERSION + 1, CURRENT_VERSION)
    assert f"format version {CURRENT_VERSION + 1}" in str(caught.value) and f"reads up to {CURRENT_VERSION}" in str(
        caught.value
    )


def test_campaign_format_has_a_migration_for_every_old_version():
    assert CAMPAIGN.current_version == CURRENT_VERSION
    assert CAMPAIGN.missing_migrations() == []


def fake_chain(ran: list[str]) -> EnvelopeFormat:
    """A format at version 4 whose migrations record their order, registered out of order."""
    fmt = EnvelopeFormat("test.fake", current_version=4)

    @fmt.migration(3)
    def migrate_3_to_4(data):
        ran.append("3→4")
        return {**data, "hp": data["health"], "trail": [*data["trail"], 4]}

    @fmt.migration(1)
    def migrate_1_to_2(data):
        ran.append("1→2")
        return {**data, "trail": [2]}

    @fmt.migration(2)
    def migrate_2_to_3(data):
        ran.append("2→3")
        renamed = {k: v for k, v in data.items() if k != "pv"}
        return {**renamed, "health": data["pv"], "trail": [*data["trail"], 3]}

    return fmt


def test_migration_chain_runs_in_order_from_the_file_version() -> None:
    ran: list[str] = []
    fmt = fake_chain(ran)
    payload = fmt.open(envelope(format="test.fake", version=1, pv=9), PATH)
    assert ran == ["1→2", "2→3", "3→4"]
    assert payload == {"health": 9, "hp": 9, "trail": [2, 3, 4]}


def test_migration_chain_starts_at_the_file_version() -> None:
    ran: list[str] = []
    fmt = fake_chain(ran)
    assert fmt.open(envelope(format="test.fake", version=3, health=5, trail=[]), PATH) == {
        "health": 5,
        "hp": 5,
        "trail": [4],
    }
    assert ran == ["3→4"]
    ran.clear()
    assert fmt.open(envelope(format="test.fake", version=4, hp=1), PATH) == {"hp": 1}
    assert ran == []


def test_migration_registry_refuses_duplicates_and_bad_versions():
    fmt = fake_chain([])
    with pytest.raises(ValueError, match="already registered"):
        fmt.migration(2)(lambda d: d)
    for bad in (0, -1, True, "1"):
        with pytest.raises(ValueError):
            fmt.migration(bad)


def test_missing_migration_is_reported_with_its_version():
    fmt = EnvelopeFormat("test.gap", current_version=3)
    fmt.migration(1)(lambda d: d)
    assert fmt.missing_migrations() == [2]
    with pytest.raises(SaveError, match="format version 2 cannot be upgraded") as caught:
        fmt.open(envelope(format="test.gap", version=1), PATH)
    assert str(PATH) in str(caught.value)


def test_migration_rejecting_a_field_becomes_a_bad_field_error():
    fmt = EnvelopeFormat("test.reject", current_version=2)

    @fmt.migration(1)
    def migrate_1_to_2(data):
        raise RulesError("roster[3].hp", "must be at least 0, got -2", "≥ 0")

    with pytest.raises(BadFieldError) as caught:
        fmt.open(envelope(format="test.reject", version=1), PATH)
    assert caught.value.field == "$.roster[3].hp"
    assert str(caught.value).startswith(f"{PATH}: $.roster[3].hp: must be at least 0, got -2 (allowed: ≥ 0)")


@pytest.mark.parametrize(
    ("step", "words"), [(lambda d: d["absent"], "KeyError('absent')"), (lambda d: [d], "returned list")]
)
def test_broken_migration_names_the_file_and_the_step(step, words):
    fmt = EnvelopeFormat("test.broken", current_version=2)
    fmt.migration(1)(step)
    with pytest.raises(SaveError) as caught:
        fmt.open(envelope(format="test.broken", version=1), PATH)
    assert str(PATH) in str(caught.value) and words in str(caught.value)


def test_bad_field_error_names_file_field_and_backup():
    error = BadFieldError(PATH, "$.roster[3].hp", "must be at least 0, got -2", backup=Path("/c/x.json.2"))
    assert (
        str(error) == f"{PATH}: $.roster[3].hp: must be at least 0, got -2; the newest backup that loads is /c/x.json.2"
    )


def test_damaged_save_is_not_overwritten_and_points_to_the_newest_backup_that_loads(tmp_path):
    path = tmp_path / "camp.json"
    atomic_write(path, seal({"round": 1}))
    atomic_write(path, seal({"round": 2}))
    atomic_write(path, seal({"round": 3})[:-20])  # a save damaged by hand or by a tool
    damaged = path.read_bytes()
    with pytest.raises(NotJsonError) as caught:
        load(path, open_envelope)
    assert caught.value.backup == backup_path(path, 1)
    assert str(path) in str(caught.value) and f"the newest backup that loads is {backup_path(path, 1)}" in str(
        caught.value
    )
    assert path.read_bytes() == damaged
    assert load(backup_path(path, 1), open_envelope) == {"round": 2}
