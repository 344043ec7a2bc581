#!/bin/sh
# Checks a merchant's Online Store 2.0 theme with knitfront before it is published:
# Shopify Theme Check on the theme folder and on knitfront's theme app extension, then the
# shopper flows of e2e/dawn.test.mjs in Chromium at 1280 and 390 px against `knitfront dev --theme`
# with the app embed on. Prints a summary and fails when either part fails.
#   scripts/check-theme.sh path/to/theme     (make check-theme THEME=path/to/theme)
set -u
theme=${1:?usage: scripts/check-theme.sh THEME_DIR}
if [ ! -f "$theme/layout/theme.liquid" ]; then
  echo "check-theme: $theme holds no layout/theme.liquid, so it is no Shopify theme" >&2
  exit 2
fi
theme=$(cd "$theme" && pwd)
cd "$(dirname "$0")/.." || exit 2

node e2e/theme-check.mjs "$theme" extensions/knitfront/
theme_check=$?

KNITFRONT_TEST_DAWN="$theme" node --test e2e/dawn.test.mjs
flows=$?

verdict() { if [ "$1" -eq 0 ]; then echo passed; else echo FAILED; fi; }
echo
echo "check-theme $theme"
echo "  Theme Check (theme and app extension): $(verdict $theme_check)"
echo "  shopper flows at 1280 and 390 px:      $(verdict $flows) (screenshots in artifacts/screenshots/dawn-*)"
[ $theme_check -eq 0 ] && [ $flows -eq 0 ]
