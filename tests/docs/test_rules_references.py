"""docs/rules.md is the rules reference the project cites: every "RULES x.y" in the code, tests,
README and docs resolves to one of its numbered headings, every worked example a test is named
after is one of its examples, each of its examples is reproduced by a test named after it, and
every test it names exists."""

from __future__ import annotations

import pytest

from tests.markdown import anchors
from tests.rules_doc import (
    ROOT,
    RULES_DOC,
    cited_tests,
    defined_tests,
    example_of,
    examples,
    examples_named,
    local_links,
    project_files,
    references,
    sections,
    unresolved,
)

DOC = RULES_DOC.read_text(encoding="utf-8")
SECTIONS = sections(DOC)
EXAMPLES = examples(DOC)
TEST_NAMES = defined_tests()


def test_the_sections_the_code_cites_are_headings_with_the_digest_numbers() -> None:
    apotheose = {f"1.{n}" for n in range(1, 9)}
    assert {"1", "2", "3", "4"} | apotheose <= SECTIONS


def test_every_rules_reference_in_the_project_resolves_to_a_heading_of_docs_rules_md() -> None:
    broken = []
    for path in project_files():
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            broken += [f"{path.relative_to(ROOT)}:{number}: RULES {s}" for s in unresolved(text, SECTIONS)]
    assert not broken, "references to no heading of docs/rules.md:\n" + "\n".join(broken)


def test_the_scan_reads_the_code_the_tests_the_readme_and_the_docs() -> None:
    scanned = {path.relative_to(ROOT).as_posix() for path in project_files()}
    assert {
        "README.md",
        "docs/rules.md",
        "core/combat.py",
        "tui/cli/calc_parser.py",
        "tests/rules/test_combat.py",
    } <= scanned
    assert not any(part.startswith(".") for name in scanned for part in name.split("/")[:-1])
    cited = [s for path in project_files() for s in references(path.read_text(encoding="utf-8"))]
    assert len(cited) > 200 and set(cited) >= {"1.2", "1.5", "1.7", "2", "3", "4"}


def test_the_links_within_docs_rules_md_reach_its_headings() -> None:
    links = local_links(DOC)
    assert "15-attack-and-defence" in links
    assert not sorted(set(links) - anchors(DOC)), "links to no heading"
    assert anchors("### 1.5 Attack and defence\n## 2. Mage: l'Ascension") == {
        "15-attack-and-defence",
        "2-mage-lascension",
    }


# Built so that this file does not cite a missing section itself.
_R = "RULES "


@pytest.mark.parametrize(
    ("text", "broken"),
    [
        (f"the duel ({_R}1.5) and the spell ({_R}1.7)", []),
        (f"see {_R}1.9 for the rest", ["1.9"]),
        (f"see {_R}5", ["5"]),
        (f"{_R}1.2, 1.5 and 1.10", ["1.10"]),
        (f"{_R}1.3–1.12", ["1.12"]),
        (f"{_R}1.2 and 9.1", ["9.1"]),
        ("RÈGLES " + "7.2", ["7.2"]),
        (f"{_R}1.6, 0 HP or less", []),
        ("the RULES.md file, RULES_SECTIONS", []),
    ],
)
def test_a_broken_reference_is_reported(text: str, broken: list[str]) -> None:
    assert unresolved(text, SECTIONS) == broken


def test_every_worked_example_a_test_is_named_after_is_in_docs_rules_md() -> None:
    missing = {
        example: sorted(names) for example, names in examples_named(TEST_NAMES).items() if example not in EXAMPLES
    }
    assert not missing, f"tests named after examples docs/rules.md does not have: {missing}"


@pytest.mark.parametrize(
    ("name", "example"),
    [
        ("test_e99_nobody_rolls", "E99"),
        ("test_e17_a_new_example", "E17"),
        ("test_M9_an_effect", "M9"),
        ("test_P3_P42_saves", "P42"),
        ("test_D7_a_spell", "D7"),
    ],
)
def test_a_test_named_after_a_missing_example_is_reported(name: str, example: str) -> None:
    named = examples_named([name])
    assert example in named and example not in EXAMPLES


@pytest.mark.parametrize("token", ["d6", "d100", "e2e", "item9", "x2", "e10x", "P"])
def test_parts_of_test_names_that_are_no_example(token: str) -> None:
    assert example_of(token) is None


def test_every_worked_example_of_docs_rules_md_is_reproduced_by_a_test_named_after_it() -> None:
    named = examples_named(TEST_NAMES)
    assert len(EXAMPLES) >= 35
    assert not sorted(EXAMPLES - set(named)), "examples no test is named after"


def test_every_test_docs_rules_md_names_exists_and_carries_its_example() -> None:
    cited = cited_tests(DOC)
    assert len(cited) >= len(EXAMPLES)
    assert not sorted(cited - TEST_NAMES), "docs/rules.md names tests that do not exist"
    for line in DOC.splitlines():
        row = examples(line)
        for name in cited_tests(line) if row else ():
            assert row <= set(examples_named([name])), f"{name} is cited for {row} but not named after it"
