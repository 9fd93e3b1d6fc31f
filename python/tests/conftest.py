import os
import sys

import pytest

# Without run.py (plain `pytest python/tests`): the installed package, or QWIRKLE_BUILD/python.
if os.environ.get("QWIRKLE_BUILD"):
    sys.path.insert(0, os.path.join(os.environ["QWIRKLE_BUILD"], "python"))


@pytest.fixture(scope="session")
def data_dir():
    d = os.environ.get("QWIRKLE_TEST_DATA") or os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data")
    return os.path.abspath(d)
