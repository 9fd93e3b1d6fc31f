"""PEP 517 backend of the qwirkle Python package: builds the extension with CMake (python/CMakeLists.txt,
the headers from ../include in the repository, or from include/ in an unpacked sdist) and packs a
wheel by hand, so that nothing has to be downloaded to build (`requires = []`). `build_sdist` makes a
source archive that builds on its own: the package, the C++ headers and the license.
Environment: QWIRKLE_CMAKE_ARGS (extra configure arguments), QWIRKLE_BUILD_DIR (keep the CMake build
there instead of a temporary directory), CMAKE_BUILD_PARALLEL_LEVEL.
"""
import base64
import glob
import hashlib
import io
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile

NAME = "qwirkle"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # python/


def _version():
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("version"):
                return line.split("=", 1)[1].strip().strip('"')
    raise RuntimeError("no version in pyproject.toml")


def _tag():
    v = f"{sys.version_info.major}{sys.version_info.minor}"
    impl = "cp" if sys.implementation.name == "cpython" else sys.implementation.name[:2]
    plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}{v}-{impl}{v}-{plat}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def _metadata():
    readme = open(os.path.join(HERE, "README.md"), encoding="utf-8").read()
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\n"
            "Summary: Rules library for the Qwirkle tile game and Qwirkle Cards, with RL environments\n"
            "License: MIT\nRequires-Python: >=3.8\nRequires-Dist: numpy\n"
            f"Description-Content-Type: text/markdown\n\n{readme}")


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    d = os.path.join(metadata_directory, f"{NAME}-{_version()}.dist-info")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "METADATA"), "w", encoding="utf-8") as f:
        f.write(_metadata())
    return os.path.basename(d)


def _include_dir():
    """The C++ headers: include/ beside this package in an unpacked sdist, else the repository's."""
    for include in (os.path.join(HERE, "include"), os.path.join(os.path.dirname(HERE), "include")):
        if os.path.isfile(os.path.join(include, "qwirkle", "qwirkle.hpp")):
            return include
    raise RuntimeError(f"the qwirkle headers are neither in {HERE}/include (an sdist) nor in ../include "
                       "(the repository): build from the repository's python/ folder or from an sdist")


def configure_args(build_dir):
    """The CMake configure command of the extension (the tests check it on an unpacked sdist)."""
    args = ["cmake", "-S", HERE, "-B", build_dir, f"-DPython_EXECUTABLE={sys.executable}",
            "-DCMAKE_BUILD_TYPE=Release", f"-DQWIRKLE_INCLUDE_DIR={_include_dir()}"]
    return args + shlex.split(os.environ.get("QWIRKLE_CMAKE_ARGS", ""))


def _build(build_dir):
    subprocess.check_call(configure_args(build_dir))
    subprocess.check_call(["cmake", "--build", build_dir, "--target", "qwirkle_python"])
    return os.path.join(build_dir, NAME)


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    keep = os.environ.get("QWIRKLE_BUILD_DIR")
    tmp = None if keep else tempfile.mkdtemp(prefix="qwirkle-build-")
    try:
        package = _build(keep or tmp)
        version, tag = _version(), _tag()
        wheel_name = f"{NAME}-{version}-{tag}.whl"
        info = f"{NAME}-{version}.dist-info"
        files = {}
        for path in sorted(glob.glob(os.path.join(package, "*"))):
            if os.path.isfile(path) and not path.endswith(".pyc"):
                with open(path, "rb") as f:
                    files[f"{NAME}/{os.path.basename(path)}"] = f.read()
        if not any(k.startswith(f"{NAME}/_core") for k in files):
            raise RuntimeError("the extension _core was not built")
        files[f"{info}/METADATA"] = _metadata().encode()
        files[f"{info}/WHEEL"] = (f"Wheel-Version: 1.0\nGenerator: qwirkle_build\nRoot-Is-Purelib: false\nTag: {tag}\n").encode()
        files[f"{info}/top_level.txt"] = f"{NAME}\n".encode()
        record = [_record_line(k, v) for k, v in files.items()] + [f"{info}/RECORD,,"]
        files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
        os.makedirs(wheel_directory, exist_ok=True)
        with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as z:
            for k, v in files.items():
                z.writestr(k, v)
        return wheel_name
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)


# ---- sdist -----------------------------------------------------------------------------------------

# What an sdist holds, relative to python/ (and, for the headers and the license, to the repository).
_SDIST_DIRS = ("build_backend", "qwirkle", "src", "examples")
_SDIST_FILES = ("pyproject.toml", "README.md", "CMakeLists.txt")


def _sdist_members():
    """(path on disk, path in the archive) of every file of the sdist, sorted."""
    repo = os.path.dirname(HERE)
    out = [(os.path.join(HERE, f), f) for f in _SDIST_FILES]
    for d in _SDIST_DIRS:
        for root, dirs, files in os.walk(os.path.join(HERE, d)):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            out += [(os.path.join(root, f), os.path.relpath(os.path.join(root, f), HERE))
                    for f in files if not f.endswith((".pyc", ".so"))]
    include = _include_dir()
    for root, dirs, files in os.walk(os.path.join(include, "qwirkle")):
        dirs.sort()
        out += [(os.path.join(root, f), os.path.join("include", os.path.relpath(os.path.join(root, f), include)))
                for f in files if f.endswith(".hpp")]
    for lic in (os.path.join(HERE, "LICENSE"), os.path.join(repo, "LICENSE")):
        if os.path.isfile(lic):
            out.append((lic, "LICENSE"))
            break
    else:
        raise RuntimeError("no LICENSE file to put into the sdist")
    return sorted(out, key=lambda m: m[1])


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{_version()}"
    os.makedirs(sdist_directory, exist_ok=True)
    name = f"{base}.tar.gz"
    mtime = int(os.environ.get("SOURCE_DATE_EPOCH", time.time()))

    def add(tar, arcname, data):
        info = tarfile.TarInfo(f"{base}/{arcname}")
        info.size, info.mtime, info.mode = len(data), mtime, 0o644
        tar.addfile(info, fileobj=io.BytesIO(data))

    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for path, arcname in _sdist_members():
            with open(path, "rb") as f:
                add(tar, arcname, f.read())
        add(tar, "PKG-INFO", _metadata().encode())
    return name
