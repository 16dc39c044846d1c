"""The in-process example's pytest set-up: the plugin.

    python3 -m pytest Kits/python/example_pytest --conformance-pack=PACK
    PYTHON_EXAMPLE_BUG=trailing-newline python3 -m pytest Kits/python/example_pytest --conformance-pack=PACK

A team's own conftest.py needs only the plugin line; the sys.path line is here because the kit's
files sit one folder up (a team copies conformance_pytest.py and conformance_adapter.py next to
its conftest.py instead).
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

pytest_plugins = ["conformance_pytest"]
