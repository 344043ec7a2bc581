#!/usr/bin/env bash
# Installs Debian's wrk, the load generator of the API benchmark, when missing.
set -euo pipefail
command -v wrk >/dev/null && exit 0
echo "installing Debian's wrk for the benchmarks" >&2
export DEBIAN_FRONTEND=noninteractive
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
$sudo apt-get install -y -qq wrk >/dev/null
