"""Every link of the README, CONTRIBUTING, CHANGELOG and docs/ leads somewhere in the repository:
a file that is there, a heading's anchor (as GitHub makes it) that its page has. No link leaves
the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.markdown import ROOT, anchors, broken_links, documents, slug

DOCUMENTS = documents()


@pytest.mark.parametrize("page", DOCUMENTS, ids=[str(p.relative_to(ROOT)) for p in DOCUMENTS])
def test_every_link_of_the_page_resolves(page: Path) -> None:
    assert not broken_links(page), "\n".join(broken_links(page))


def test_the_pages_are_the_readme_and_the_docs() -> None:
    names = {str(p.relative_to(ROOT)) for p in DOCUMENTS}
    assert {"README.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs/rules.md", "docs/calc.md",
            "docs/players.md", "docs/campaign-files.md"} <= names  # fmt: skip


@pytest.mark.parametrize(
    ("title", "anchor"),
    [
        ("1.5 Attack and defence", "15-attack-and-defence"),
        ("`check`: a kult check", "check-a-kult-check"),
        ("The spell book: `--save` and `--book`", "the-spell-book---save-and---book"),
        ("Système D6", "système-d6"),
        ("2. Mage: l'Ascension", "2-mage-lascension"),
        ("See [the rules](docs/rules.md) *now*", "see-the-rules-now"),
        ("d6_halve and friends", "d6_halve-and-friends"),
    ],
)
def test_an_anchor_is_made_as_github_makes_it(title: str, anchor: str) -> None:
    assert slug(title) == anchor


def test_a_repeated_heading_gets_a_number_and_a_heading_in_code_is_none() -> None:
    text = "# Notes\n## Example\n### Example\n```sh\n# Example\n```\n## Example\n"
    assert anchors(text) == {"notes", "example", "example-1", "example-2"}


@pytest.mark.parametrize(
    ("link", "why"),
    [
        ("other.md", None),
        ("other.md#a-heading", None),
        ("#here", None),
        ("#here-1", None),
        ("sub/picture.png", None),
        ("missing.md", "no such file"),
        ("other.md#no-heading", "no heading has this anchor"),
        ("#nowhere", "no heading has this anchor"),
        ("#here-2", "no heading has this anchor"),
        ("sub/picture.png#top", "not Markdown"),
        ("../outside.md", "outside the repository"),
        ("https://example.org/", "outside the repository"),
        ("/etc/passwd", "outside the repository"),
    ],
)
def test_a_broken_link_is_reported(tmp_path: Path, link: str, why: str | None) -> None:
    root = tmp_path / "repo"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "picture.png").write_bytes(b"")
    (root / "other.md").write_text("# Title\n## A heading\n", encoding="utf-8")
    (tmp_path / "outside.md").write_text("# Out\n", encoding="utf-8")
    page = root / "page.md"
    page.write_text(f"# Here\n## Here\n\nSee [this]({link}), and `[not a link](missing.md)`.\n", encoding="utf-8")
    broken = broken_links(page, root)
    if why is None:
        assert broken == []
    else:
        assert len(broken) == 1 and why in broken[0] and broken[0].startswith("page.md:4:")
