"""Runs the pytest suite against the package assembled in a build tree; used by ctest
(`python: pytest`, label python). Exits 77 (ctest: skipped) naming what is missing when numpy or
pytest cannot be imported by this interpreter, so that a missing dependency is never a pass.

    python3 python/tests/run.py <build>/python <repo>/tests/data [pytest args...]
"""
import os
import sys

build, data = sys.argv[1], sys.argv[2]
missing = []
for mod, deb in (("numpy", "python3-numpy"), ("pytest", "python3-pytest")):
    try:
        __import__(mod)
    except ImportError:
        missing.append(deb)
if missing:
    print(f"skipped: {sys.executable} cannot import {', '.join(missing)} (Debian: apt-get install {' '.join(missing)})")
    sys.exit(77)

sys.path.insert(0, build)
os.environ["QWIRKLE_TEST_DATA"] = data
import pytest  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", here, *sys.argv[3:]]))
