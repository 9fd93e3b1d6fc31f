#!/usr/bin/env bash
# The WebAssembly package and the web game (web/):
#   bash scripts/web.sh             builds web/dist/qwirkle.mjs (em++, one translation unit, the wasm embedded)
#   bash scripts/web.sh serve [P]   builds, then serves web/ on http://127.0.0.1:P/ (default 8080) and prints the address
#   bash scripts/web.sh test        builds, then runs the package tests (node --test) and the browser tests
#   bash scripts/web.sh test-node | test-browser
#   bash scripts/web.sh bench       move generation and self-play: WebAssembly (Node and Chromium) against
#                                   native code built from the same sources, and the page's load to first move
#   bash scripts/web.sh screenshots writes docs/web/*.png from the running page (headless Chromium)
# Needs Debian's emscripten (em++ 3.1.6) and node; the browser tests need chromium and the npm package
# playwright-core, the types and bundler tests typescript and esbuild (dev dependencies, installed by
# `npm ci` in web/ when node_modules lacks them: the npm registry is the only network access needed).
# Exit code 77 means "skipped: a tool is missing" (ctest reports SKIPPED).
#
# QWIRKLE_WEB_INCLUDE overrides the include directory (default: include/ of this checkout);
# QWIRKLE_CHROMIUM the browser (default: chromium on PATH).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
web=$root/web
include=${QWIRKLE_WEB_INCLUDE:-$root/include}
out=$web/dist/qwirkle.mjs
cmd=${1:-build}

skip() {
  echo "skipped: $*"
  exit 77
}

need_emscripten() {
  command -v em++ >/dev/null || skip "em++ not found (Debian package emscripten; bash scripts/setup.sh installs it as root)"
  command -v node >/dev/null || skip "node not found (Debian package nodejs)"
}

need_browser() {
  chromium=${QWIRKLE_CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
  [ -n "$chromium" ] && [ -x "$chromium" ] || skip "chromium not found (Debian package chromium; bash scripts/setup.sh installs it as root)"
  export QWIRKLE_CHROMIUM=$chromium
  node_modules || skip "playwright-core is not installed and npm ci could not install it (npm missing, or no registry)"
}

# The dev dependencies (playwright-core for the browser tests, typescript and esbuild for the types and
# bundler tests), from
# web/package-lock.json: `npm ci` once, when web/node_modules lacks them. False when impossible.
node_modules() {
  [ -d "$web/node_modules/playwright-core" ] && [ -d "$web/node_modules/typescript" ] && [ -d "$web/node_modules/esbuild" ] && return 0
  command -v npm >/dev/null || return 1
  echo "web: npm ci (dev dependencies: playwright-core, typescript, esbuild)"
  (cd "$web" && npm ci --no-audit --no-fund --loglevel=error)
}

build() {
  need_emscripten
  local sources=("$web"/src/*.cpp "$web"/src/*.hpp)
  if [ -f "$out" ] && [ -z "$(find "${sources[@]}" "$include" "$0" -newer "$out" -type f 2>/dev/null | head -1)" ]; then
    echo "web: $out is up to date"
    return
  fi
  mkdir -p "$web/dist"
  # Debian's emscripten runs its JS optimizer with the system node; its modules (acorn) are in
  # /usr/share/nodejs, which a node from elsewhere does not search by itself.
  export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
  # The cache of prebuilt system libraries: Debian ships it frozen in /usr/share/emscripten/cache;
  # elsewhere it must be writable, so keep one in the build directory.
  if [ ! -w "${EM_CACHE:-/usr/share/emscripten/cache}" ] && [ ! -f /usr/share/emscripten/cache/sysroot_install.stamp ]; then
    export EM_CACHE=$root/build/web/emcache
  fi
  local flags=(
    -std=c++20 -O2 -Wall -Wextra -Wpedantic -Wshadow -Werror
    -I"$include" -I"$web/src"
    -lembind
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createQwirkleModule
    -sSINGLE_FILE=1            # the wasm inside the .mjs: no file to fetch (Node 20 would try fetch on a path)
    -sENVIRONMENT=web,worker   # a page, a Web Worker, and Node (which runs the web path: atob, no fetch)
    -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0
    -sTOTAL_STACK=4194304      # games (a board is ~37 KB) and replays live on the stack
  )
  echo "web: em++ ${flags[*]} web/src/qwirkle_web.cpp"
  local start=$SECONDS
  em++ "${flags[@]}" "$web/src/qwirkle_web.cpp" -o "$out.tmp.mjs"
  mv "$out.tmp.mjs" "$out"
  echo "web: built $out ($(stat -c %s "$out") bytes, $((SECONDS - start)) s)"
}

case "$cmd" in
  build)
    build
    ;;
  serve)
    build
    exec node "$web/tools/serve.mjs" "${2:-8080}"
    ;;
  test-node)
    build
    node_modules || echo "web: npm ci not possible: the types and bundler tests will be skipped"
    cd "$web" && node --test test/*.test.mjs
    ;;
  test-browser)
    build
    need_browser
    cd "$web" && node --test --test-concurrency=1 test/browser/*.test.mjs
    ;;
  test)
    build
    node_modules || echo "web: npm ci not possible: the types and bundler tests will be skipped"
    (cd "$web" && node --test test/*.test.mjs)
    need_browser
    cd "$web" && node --test --test-concurrency=1 test/browser/*.test.mjs
    ;;
  bench)
    build
    node "$web/bench/bench.mjs" "$include"
    ;;
  screenshots)
    build
    need_browser
    node "$web/tools/screenshots.mjs" "$root/docs/web"
    ;;
  *)
    echo "usage: bash scripts/web.sh [build | serve [port] | test | test-node | test-browser | bench | screenshots]" >&2
    exit 2
    ;;
esac
