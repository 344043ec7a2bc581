import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

// `vite build --mode own-code` builds the same bundle with React left out, into artifacts/, so
// that bench/size can weigh our own code apart from React's.
const REACT = /^(react|react-dom|scheduler)(\/.*)?$/;

/**
 * The entry, and each chunk loaded on demand, imports every chunk it needs however deep, as
 * rollup's hoistTransitiveImports does (rolldown has not implemented it), so that a browser
 * requests them all once the importing chunk arrives: otherwise the shared chunk's own import
 * (rolldown's helpers for React's CommonJS modules) is found only once the shared chunk has
 * arrived, one more round trip before any widget starts, and Dawn's cart adapter would wait for
 * the cart totals' chunk before it asked for the code that one shares with the buy buttons.
 * Modules run once whoever imports them, in the same order, so only the requests move earlier.
 */
function hoistTransitiveImports(): Plugin {
  return {
    name: 'knitfront:hoist-transitive-imports',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.isDynamicEntry)) continue;
        const hoisted = transitiveImports(bundle, chunk.fileName).filter(
          (file) => !chunk.imports.includes(file),
        );
        chunk.code = hoisted.map((file) => `import"./${file}";`).join('') + chunk.code;
        chunk.imports.push(...hoisted);
      }
    },
  };
}

/** The chunks of the bundle a chunk imports statically, directly or through others. */
function transitiveImports(bundle: Rolldown.OutputBundle, fileName: string): string[] {
  const found = new Set<string>();
  const queue = [fileName];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const chunk = bundle[file];
    if (chunk?.type !== 'chunk') continue;
    // Imports of modules left out of the build (React, in the build of our own code alone) are
    // no chunks of it.
    for (const imported of chunk.imports.filter((name) => bundle[name]?.type === 'chunk')) {
      if (!found.has(imported)) queue.push(imported);
      found.add(imported);
    }
  }
  return [...found];
}

/**
 * V8's explicit compile hint, as the first line of a script: compile all its functions at once,
 * while the browser streams the script in, off the main thread.
 */
const COMPILE_ALL_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks the entry imports (React and every widget's start) for V8 to compile whole as
 * they download. A page runs most of their functions as it starts, and V8 otherwise compiles each
 * on the main thread at its first call: on Dawn's product page that was about 25 ms of a phone's
 * main thread more, in the tasks of the bundle's start and first render. Other browsers ignore
 * the comment. Runs after hoistTransitiveImports, so that the hint stays the file's first line.
 */
function compileStartChunksEagerly(): Plugin {
  return {
    name: 'knitfront:compile-start-chunks-eagerly',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        for (const file of transitiveImports(bundle, chunk.fileName)) {
          const imported = bundle[file];
          if (imported?.type === 'chunk') imported.code = COMPILE_ALL_HINT + imported.code;
        }
      }
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [hoistTransitiveImports(), compileStartChunksEagerly()],
  // Only for builds: under Vitest this would load React's production build, which has no act().
  define: command === 'build' ? { 'process.env.NODE_ENV': '"production"' } : {},
  build: {
    ...(mode === 'own-code' && { outDir: 'artifacts/own-code' }),
    lib: {
      entry: 'src/main.ts',
      formats: ['es'],
      fileName: () => 'knitfront.js',
    },
    minify: true,
    // dist/.vite/manifest.json: which chunks the entry imports, for the theme's modulepreload
    // links (scripts/copy-to-theme.mjs reads it, then removes it).
    manifest: true,
    rolldownOptions: {
      ...(mode === 'own-code' && { external: REACT }),
      output: {
        // A library ES build keeps its whitespace for a later bundler by default; ours goes to
        // browsers as it is, so minify it fully.
        minify: true,
        // Pure annotations only help a later bundler; there is none.
        comments: { annotation: false },
        // Everything a page runs at first goes to one chunk, the entry's own code too, rather than
        // one chunk per set of sharers: a page waits on as few requests as it can before any price
        // shows, and no export list names the shared chunk's bindings for the entry (those lists
        // weighed about 1 KB gzipped). The entry is left a one-line import of that chunk.
        codeSplitting: { groups: [{ name: 'shared', tags: ['$initial'] }] },
        // The knitfront- prefix lets the copy step find and remove stale chunks in theme/assets,
        // which also holds the theme's own scripts. A page's own code (a dynamic import) is named
        // after its module; what it shares with the entry (React, the constants, the API client)
        // goes to a shared chunk that both import. The chunk must not import the entry itself:
        // pages load the entry as knitfront.js?v=<hash>, so an import of ./knitfront.js would be
        // another URL, and run a second copy of the bundle.
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry ? 'knitfront-[name]-[hash].js' : 'knitfront-shared-[hash].js',
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
}));
