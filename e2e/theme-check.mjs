// Runs Shopify Theme Check on theme/ and fails on any error. @shopify/theme-check-node has no
// command-line program; its themeCheckRun works offline, with its bundled Liquid docs. Warnings
// and suggestions are printed but do not fail the run.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { themeCheckRun, Severity } = require('@shopify/theme-check-node');

const root = fileURLToPath(new URL('../theme/', import.meta.url));
const { offenses } = await themeCheckRun(root, undefined, () => {});

const names = { [Severity.ERROR]: 'error', [Severity.WARNING]: 'warning', [Severity.INFO]: 'info' };
for (const o of offenses) {
  const where = `${o.uri.replace(/^file:\/\//, '').replace(root, 'theme/')}:${o.start.line + 1}`;
  console.log(`${names[o.severity] ?? o.severity} ${o.check} ${where}: ${o.message}`);
}
const errors = offenses.filter((o) => o.severity === Severity.ERROR).length;
console.log(`Theme Check: ${errors} errors, ${offenses.length - errors} warnings and suggestions`);
process.exitCode = errors > 0 ? 1 : 0;
