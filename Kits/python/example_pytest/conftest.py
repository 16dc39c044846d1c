"""The in-process example's pytest set-up: the plugin, the implementation and the planted bug.

    python3 -m pytest Kits/python/example_pytest --conformance-pack PACK [--bug trailing-newline]

A team's own conftest.py needs only the plugin line and the conformance_implementation fixture;
the sys.path line is here because the kit's files sit one folder up (a team copies
conformance_pytest.py and conformance_adapter.py next to its conftest.py instead).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from conformance_pytest import Implementation  # noqa: E402

pytest_plugins = ["conformance_pytest"]


def pytest_addoption(parser):
    parser.addoption("--bug", choices=["trailing-newline"], default=None,
                     help="plant a bug in the example (for the kit's CI check)")


@pytest.fixture(scope="session")
def bug(request):
    return request.config.getoption("bug")


@pytest.fixture(scope="session")
def conformance_implementation(bug):
    name = "python-example" + ("+" + bug if bug else "")
    return Implementation(name, version="1.0.0", suites=["leeep.fid", "leeep.user-id"])
