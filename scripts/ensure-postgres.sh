#!/usr/bin/env bash
# Makes sure a PostgreSQL server answers for the tests, starting the local
# cluster when it is down, and prints the URL the tests use. Every `make test`
# runs the store tests on PostgreSQL as well as SQLite, so this must succeed.
set -euo pipefail

url="${KNITFRONT_TEST_POSTGRES:-postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable}"

answers() { psql "$url" -qtAc 'SELECT 1' >/dev/null 2>&1; }

if ! answers; then
  if ! command -v pg_ctlcluster >/dev/null; then
    echo "PostgreSQL is not installed: install Debian's postgresql package, or set KNITFRONT_TEST_POSTGRES" >&2
    exit 1
  fi
  version=$(ls /etc/postgresql | sort -V | tail -n 1)
  echo "starting PostgreSQL $version" >&2
  pg_ctlcluster --skip-systemctl-redirect "$version" main start >&2 || true
  for _ in $(seq 1 60); do
    answers && break
    sleep 0.5
  done
  if ! answers; then
    echo "PostgreSQL does not answer at $url" >&2
    exit 1
  fi
fi
echo "$url"
