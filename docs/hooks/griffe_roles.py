"""A griffe extension: show Sphinx roles in docstrings as Markdown code.

The library's docstrings say ":class:`State`" and ":func:`~tabletop.replay`";
the API reference renders them as `State` and `replay`.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":[a-z]+:`~?([^`]+)`")


def _plain(match: re.Match[str]) -> str:
    return f"`{match.group(1).split('.')[-1]}`"


class SphinxRoles(griffe.Extension):
    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = ROLE.sub(_plain, obj.docstring.value)
