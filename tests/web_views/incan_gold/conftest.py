"""Fixtures of the Incan Gold view tests: the catalogue-backed `t` the shell gives the views."""
from __future__ import annotations

import pytest

from shell.i18n import Words, load_catalogue
from ig_fixtures import NAMES, ROOT, build_view


@pytest.fixture(scope="session")
def catalogue():
    return load_catalogue("en", ROOT / "web")


@pytest.fixture
def t(catalogue):
    return Words(catalogue, NAMES).t


@pytest.fixture
def view_of():
    return build_view
