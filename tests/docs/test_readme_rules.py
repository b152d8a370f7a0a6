"""Issue 7, item 9: every rules decision of the GM's guide (docs/guide.md, once the README's)
names the RULES section it follows."""

from __future__ import annotations

import re
from pathlib import Path

from tests.rules_doc import RULES_DOC, sections

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide.md"

# The numbered sections of the rules reference, docs/rules.md.
RULES_SECTIONS = sections(RULES_DOC.read_text(encoding="utf-8"))


def _decisions() -> list[str]:
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("## Rules decisions a GM should know", 1)[1].split("\n## ", 1)[0]
    bullets = re.split(r"\n- ", "\n" + section.split("\n- ", 1)[1])
    return [b.strip() for b in bullets if b.strip()]


def test_item9_every_readme_rules_decision_names_its_rules_section() -> None:
    decisions = _decisions()
    assert len(decisions) >= 20
    for decision in decisions:
        cited = re.findall(r"RULES (\d(?:\.\d)?)", decision)
        title = decision.split("**")[1] if "**" in decision else decision[:40]
        assert cited, f"the decision {title!r} names no RULES section"
        assert set(cited) <= RULES_SECTIONS, f"{title!r} cites an unknown section {cited}"


def test_item9_the_new_decisions_of_issue_7_are_in_the_readme() -> None:
    titles = " ".join(d.split("**")[1].lower() for d in _decisions() if "**" in d)
    for needed in (
        "pugilat",
        "victims = targets paid",
        "resistance",
        "mystical exhaustion",
        "stigmata change the character",
        "defending against one attacker",
        "a group that is not mooks",
        "mook group's initiative",
    ):
        assert needed in titles or needed in " ".join(_decisions()).lower(), needed
