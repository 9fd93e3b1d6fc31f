#!/usr/bin/env bash
# Installs what building qwirkle needs, from Debian's packages, when something is missing.
# As root it installs; otherwise it names what to install and stops.
set -euo pipefail
need=()
command -v cmake >/dev/null || need+=(cmake)
command -v ninja >/dev/null || need+=(ninja-build)
command -v g++ >/dev/null || need+=(g++)
command -v clang++ >/dev/null || need+=(clang)
command -v pkg-config >/dev/null || need+=(pkg-config)
[ -f /usr/include/doctest/doctest.h ] || need+=(doctest-dev)
[ -f /usr/include/benchmark/benchmark.h ] || need+=(libbenchmark-dev)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "qwirkle: missing packages: ${need[*]} (run this as root, or: sudo apt-get install ${need[*]})" >&2
  exit 1
fi
echo "qwirkle: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
