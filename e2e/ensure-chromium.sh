#!/usr/bin/env bash
# The browser flows need Debian's chromium (CHROMIUM_PATH overrides). Installs it when it can (root with apt-get,
# as .ci/run does); otherwise stops with one line saying what to run.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$browser" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "== installing Debian's chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$browser" ] && exit 0
fi
echo "The browser tests need chromium at $browser: run 'sudo apt-get install -y chromium' (or set CHROMIUM_PATH), then npm test again." >&2
exit 1
