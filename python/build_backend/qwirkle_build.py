"""PEP 517 backend of the qwirkle Python package: builds the extension with CMake (python/CMakeLists.txt,
the headers from ../include) and packs a wheel by hand, so that nothing has to be downloaded to build
(`requires = []`). Environment: QWIRKLE_CMAKE_ARGS (extra configure arguments), QWIRKLE_BUILD_DIR
(keep the CMake build there instead of a temporary directory), CMAKE_BUILD_PARALLEL_LEVEL.
"""
import base64
import glob
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
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


def _build(build_dir):
    include = os.path.join(os.path.dirname(HERE), "include")
    if not os.path.isdir(os.path.join(include, "qwirkle")):
        raise RuntimeError(f"the qwirkle headers are not at {include}: build from the repository's python/ folder")
    args = ["cmake", "-S", HERE, "-B", build_dir, f"-DPython_EXECUTABLE={sys.executable}",
            "-DCMAKE_BUILD_TYPE=Release", f"-DQWIRKLE_INCLUDE_DIR={include}"]
    args += shlex.split(os.environ.get("QWIRKLE_CMAKE_ARGS", ""))
    subprocess.check_call(args)
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
