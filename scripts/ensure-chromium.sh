#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests when it is missing. Browser
# downloads do not work here; playwright-core drives this one.
set -euo pipefail
[ -x /usr/bin/chromium ] && exit 0
echo "installing Debian's chromium for the browser tests" >&2
export DEBIAN_FRONTEND=noninteractive
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
$sudo apt-get install -y -qq chromium >/dev/null
