"""The source distribution: the in-tree backend's build_sdist makes an archive that holds the package,
every C++ header and the license, and that configures on its own (headers taken from inside it).
Building a wheel from it is checked by hand (docs/notes/python.md): it compiles the extension (a minute)."""
import os
import shutil
import subprocess
import sys
import tarfile

import pytest

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "build_backend"))
import qwirkle_build  # noqa: E402


def test_sdist_holds_the_package_the_headers_and_the_license(tmp_path):
    name = qwirkle_build.build_sdist(str(tmp_path))
    version = qwirkle_build._version()
    assert name == f"qwirkle-{version}.tar.gz"
    with tarfile.open(tmp_path / name) as tar:
        names = tar.getnames()
        pkg_info = tar.extractfile(f"qwirkle-{version}/PKG-INFO").read().decode()
    root = f"qwirkle-{version}/"
    assert all(n.startswith(root) for n in names)
    files = {n[len(root):] for n in names}
    headers = {os.path.relpath(os.path.join(d, f), REPO)
               for d, _, fs in os.walk(os.path.join(REPO, "include")) for f in fs if f.endswith(".hpp")}
    assert headers and headers <= files  # every header of the library
    for f in ("pyproject.toml", "CMakeLists.txt", "LICENSE", "README.md", "build_backend/qwirkle_build.py",
              "qwirkle/__init__.py", "qwirkle/env.py", "qwirkle/_core.pyi", "qwirkle/py.typed", "src/module.cpp"):
        assert f in files, f
    assert not any(f.endswith((".pyc", ".so")) or "__pycache__" in f for f in files)
    assert f"Version: {version}" in pkg_info and "License: MIT" in pkg_info


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake not on PATH")
def test_unpacked_sdist_configures_with_its_own_headers(tmp_path):
    name = qwirkle_build.build_sdist(str(tmp_path))
    with tarfile.open(tmp_path / name) as tar:
        tar.extractall(tmp_path / "src")
    src = tmp_path / "src" / name[: -len(".tar.gz")]
    build = tmp_path / "build"
    # the backend of the unpacked archive, run from there, finds include/ inside it
    code = ("import sys; sys.path.insert(0, 'build_backend'); import qwirkle_build as b; "
            f"print(b._include_dir()); print(' '.join(b.configure_args({str(build)!r})))")
    out = subprocess.run([sys.executable, "-c", code], cwd=src, capture_output=True, text=True, check=True).stdout
    include = out.splitlines()[0]
    assert os.path.samefile(include, src / "include")
    r = subprocess.run(["cmake", "-S", str(src), "-B", str(build), f"-DPython_EXECUTABLE={sys.executable}",
                        "-DCMAKE_BUILD_TYPE=Release"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    # the compile flags name the archive's include/ (not the repository's)
    flags = "".join(p.read_text(errors="replace") for p in build.rglob("*")
                    if p.is_file() and p.name in ("build.ninja", "flags.make"))
    assert str(src / "include") in flags and os.path.join(REPO, "include") not in flags
