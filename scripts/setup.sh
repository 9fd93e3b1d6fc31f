#!/usr/bin/env bash
# Installs what building qwirkle needs, from Debian's packages, when something is missing.
# As root it installs; otherwise it names what to install and stops when a required package is
# missing. Doxygen is optional: without it the test `docs: doxygen` is reported as skipped. So are
# emscripten (em++, with node), chromium and npm: without them the web tests (label `web`: the
# WebAssembly package and the web game, scripts/web.sh) are reported as skipped. npm is needed once,
# for `npm ci` in web/ (the browser driver playwright-core, from the npm registry).
set -euo pipefail
need=()
want=()
command -v cmake >/dev/null || need+=(cmake)
command -v ninja >/dev/null || need+=(ninja-build)
command -v g++ >/dev/null || need+=(g++)
command -v clang++ >/dev/null || need+=(clang)
command -v pkg-config >/dev/null || need+=(pkg-config)
[ -f /usr/include/doctest/doctest.h ] || need+=(doctest-dev)
[ -f /usr/include/benchmark/benchmark.h ] || need+=(libbenchmark-dev)
command -v doxygen >/dev/null || want+=(doxygen)
command -v em++ >/dev/null || want+=(emscripten)
command -v chromium >/dev/null || want+=(chromium)
command -v npm >/dev/null || want+=(npm)
# libFuzzer's runtime for the fuzz smoke (scripts/fuzz.sh; skipped without it).
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 || want+=(libclang-rt-14-dev)
# The Python package (python/, label python): Debian's python3 with pybind11, numpy, pytest and pip
# (pip only for `python3 -m pip install ./python`); without them the test `python: pytest` is skipped.
if [ -x /usr/bin/python3 ]; then
  /usr/bin/python3 -c 'import pybind11' 2>/dev/null || want+=(python3-pybind11 pybind11-dev)
  [ -f /usr/include/python3.11/Python.h ] || ls /usr/include/python3*/Python.h >/dev/null 2>&1 || want+=(python3-dev)
  /usr/bin/python3 -c 'import numpy' 2>/dev/null || want+=(python3-numpy)
  /usr/bin/python3 -c 'import pytest' 2>/dev/null || want+=(python3-pytest)
  /usr/bin/python3 -m pip --version >/dev/null 2>&1 || want+=(python3-pip)
  /usr/bin/python3 -c 'import ensurepip' 2>/dev/null || want+=(python3-venv)
else
  want+=(python3 python3-dev python3-pybind11 pybind11-dev python3-numpy python3-pytest python3-pip python3-venv)
fi
if [ ${#need[@]} -eq 0 ] && [ ${#want[@]} -eq 0 ]; then
  exit 0
fi
all=("${need[@]}" "${want[@]}")
if [ "$(id -u)" -ne 0 ]; then
  if [ ${#need[@]} -gt 0 ]; then
    echo "qwirkle: missing packages: ${all[*]} (run this as root, or: sudo apt-get install ${all[*]})" >&2
    exit 1
  fi
  echo "qwirkle: ${want[*]} not installed: the tests that need them ('docs: doxygen', label 'web') will be skipped (sudo apt-get install ${want[*]})" >&2
  exit 0
fi
echo "qwirkle: installing ${all[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${all[@]}" >/dev/null
