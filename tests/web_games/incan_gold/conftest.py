"""Fixtures of the Incan Gold view tests: the catalogue-backed `t` the shell gives the views."""
from __future__ import annotations

import pytest

from games.incan_gold.words import load_catalogues, make_t
from ig_fixtures import NAMES, ROOT, build_view


@pytest.fixture(scope="session")
def catalogue():
    return load_catalogues(ROOT / "web" / "locales")


@pytest.fixture
def t(catalogue):
    return make_t(catalogue, NAMES)


@pytest.fixture
def view_of():
    return build_view
