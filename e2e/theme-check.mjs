// Runs Shopify Theme Check on theme/ and on the theme app extension, extensions/knitfront/, and
// fails on any error in either. @shopify/theme-check-node has no command-line program; its
// themeCheckRun works offline, with its bundled Liquid docs, and checks a folder holding a
// shopify.extension.toml with its theme-app-extension rules (app block schemas, forbidden tags,
// asset sizes). Warnings and suggestions are printed but do not fail the run.
// Folders given as arguments are checked instead, as `make check-theme` checks a merchant's theme:
//   node e2e/theme-check.mjs path/to/theme extensions/knitfront/
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { themeCheckRun, Severity } = require('@shopify/theme-check-node');

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const roots = process.argv.length > 2 ? process.argv.slice(2) : ['theme/', 'extensions/knitfront/'];
const names = {
  [Severity.ERROR]: 'error',
  [Severity.WARNING]: 'warning',
  [Severity.INFO]: 'info',
};

let failed = false;
for (const name of roots) {
  const root = resolve(repoRoot, name) + '/';
  const shown = name.replace(/\/?$/, '/');
  const { offenses } = await themeCheckRun(root, undefined, () => {});
  for (const o of offenses) {
    const where = `${o.uri.replace(/^file:\/\//, '').replace(root, shown)}:${o.start.line + 1}`;
    console.log(`${names[o.severity] ?? o.severity} ${o.check} ${where}: ${o.message}`);
  }
  const errors = offenses.filter((o) => o.severity === Severity.ERROR).length;
  console.log(
    `Theme Check ${shown}: ${errors} errors, ${offenses.length - errors} warnings and suggestions`,
  );
  failed ||= errors > 0;
}
process.exitCode = failed ? 1 : 0;
