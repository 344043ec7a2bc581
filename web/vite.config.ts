import { defineConfig } from 'vitest/config';

// `vite build --mode own-code` builds the same bundle with React left out, into artifacts/, so
// that bench/size can weigh our own code apart from React's.
const REACT = /^(react|react-dom|scheduler)(\/.*)?$/;

export default defineConfig(({ command, mode }) => ({
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
