"""What the canaries of ``tui/textual_fixes/`` share: the message that says a fix can go, and a
spy on a widget's ``refresh``."""

from __future__ import annotations

from typing import Any

import textual
from textual.dom import DOMNode


def gone(fix: str, what: str) -> str:
    """The message of a canary that no longer finds what ``fix`` works around."""
    return (
        f"Textual {textual.__version__} no longer {what}: tui/textual_fixes/{fix} is not needed any more. "
        "Remove the fix (and its touches of private names, benchmarks/private_touches.py), then this canary, "
        "and update docs/developing.md (Textual workarounds)."
    )


class Refreshes(list[dict[str, Any]]):
    """The keyword arguments of each ``refresh`` call (``regions``: their regions)."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[tuple[object, ...]] = []


def spy_refresh(node: DOMNode) -> Refreshes:
    """Record each call of ``node.refresh`` from now on (the call still happens)."""
    calls = Refreshes()
    refresh = node.refresh

    def spy(*regions: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        calls.regions.append(regions)
        return refresh(*regions, **kwargs)

    node.refresh = spy  # type: ignore[method-assign]
    return calls
