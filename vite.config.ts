import tailwindcss from '@tailwindcss/vite';
import { gzipAsync } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compileMessages, firstPageTranslations } from './scripts/compile-messages-plugin.ts';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
/** The server build of the same app (ADR 0072), which the server imports to render practice pages. */
const ssrOutDir = fileURLToPath(new URL('./dist/ssr', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * The server serves `/assets/` with `preCompressed: true`, so every compressible asset gets a
 * `.br` and a `.gz` copy beside it at build time instead of being compressed per request. The
 * `.gz` comes from Zopfli (a standard gzip stream, about 3% smaller than zlib's level 9 on our
 * scripts; ADR 0016's amendment of 2026-11-23): it costs a few seconds once per build and
 * saves every browser that is sent gzip those bytes.
 */
function precompressAssets(): Plugin {
  // The folder being built (a test may build elsewhere than dist/web).
  let builtDir = outDir;
  let publicDir = join(webRoot, 'public');
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      builtDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    async closeBundle() {
      const assetsDir = join(builtDir, 'assets');
      // And the scripts of web/public (booking-page-start.js, ADR 0072), read where they come from: the
      // build may still be copying them into the output.
      const files = [
        ...readdirSync(assetsDir).map((name) => ({ from: join(assetsDir, name), to: join(assetsDir, name) })),
        ...readdirSync(publicDir)
          .filter((name) => name.endsWith('.js'))
          .map((name) => ({ from: join(publicDir, name), to: join(builtDir, name) })),
      ].filter(({ from }) => COMPRESSIBLE.test(from) && statSync(from).isFile());
      await Promise.all(
        files.map(async ({ from, to: file }) => {
          const source = readFileSync(from);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
          );
          writeFileSync(`${file}.gz`, await gzipAsync(source, { numiterations: 15 }));
        }),
      );
    },
  };
}

/**
 * What the entry shares with lazily loaded parts, in one chunk beside it: React, the product name, the
 * message catalogues' registry and the dynamic-import helper. Without this group, a lazily loaded part that
 * shares them (the staff console, ADR 0038) made rolldown split them into small chunks of their own (four
 * scripts of 0.2 to 3 KB since the query library left the entry, ADR 0085; one, 0.5 KB less, now).
 */
const firstPageShared = {
  name: 'first-page-shared',
  test: new RegExp(
    [
      /[\\/]node_modules[\\/]react[\\/]/,
      /[\\/]domain[\\/](product|i18n[\\/]languages|format[\\/]address-format)\.ts$/,
      /[\\/]lib[\\/]i18n[\\/](language-state|catalogue-registry|use-messages)\.ts$/,
      /vite[\\/]preload-helper/,
    ]
      .map((part) => part.source)
      .join('|'),
  ),
  tags: ['$initial' as const],
};

/**
 * The query library, loaded after the first step has hydrated (ADR 0085), in one chunk: the later steps, the
 * other pages and the console all use most of it, and apart rolldown cut it into five small scripts. The
 * API's error class joins it: both the query client (its retry rule) and the API client need it, and alone
 * it was one more request of 0.2 KB.
 */
const queryLibrary = {
  name: 'query-library',
  test: /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]web[\\/]src[\\/]lib[\\/]api-error\.ts$/,
};

/**
 * React Router ships one module whose top-level `Link = forwardRef(…)`, `createContext(…)` calls and
 * `displayName` writes a bundler must keep, so every component of its framework mode (forms, fetchers,
 * prefetching) landed in the booking page's entry. Marking those calls pure and dropping the names
 * (read only by React's developer tools) lets unused parts be shaken out; its dev-only warnings are
 * switched off as its own production build does (ADR 0077).
 */
function shakeableReactRouter(): Plugin {
  return {
    name: 'shakeable-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]\w+[\\/]chunk-\w+\.mjs$/ },
      handler(code) {
        return code
          .replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;')
          .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
          .replace(
            /^var ([\w$]+) = (React\d*)\.(forwardRef|createContext|memo)\(/gm,
            'var $1 = /* @__PURE__ */ $2.$3(',
          );
      },
    },
  };
}

const config = {
  root: webRoot,
  plugins: [compileMessages(), react(), tailwindcss(), shakeableReactRouter(), precompressAssets()],
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    // Never inline assets as data: URLs into the HTML or scripts; the CSP allows only files from 'self'.
    assetsInlineLimit: 0,
    // Every browser the app supports preloads modules itself; the polyfill cost page 1 0.5 KB (ADR 0077), and
    // its bytes pay for the funnel's beacon there (ADR 0080).
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: { codeSplitting: { groups: [firstPageTranslations(), firstPageShared, queryLibrary] } },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
} satisfies UserConfig;

/**
 * A build is always a production build, whatever NODE_ENV the shell has: Vite takes NODE_ENV
 * from the environment, so `NODE_ENV=development npm start` used to serve React's development
 * build (larger, slower, with the DevTools banner). The config is read before Vite settles on
 * NODE_ENV for the build, so setting it here decides every `process.env.NODE_ENV` in the bundle.
 * The dev server (`vite`) is left as it is.
 */
export default defineConfig(({ command, isSsrBuild }) => {
  if (command === 'build') process.env.NODE_ENV = 'production';
  if (!isSsrBuild) return config;
  // `vite build --ssr src/entry-server.tsx`: the app for Node, its packages bundled in (the server
  // imports it from a private copy outside the project, where no node_modules can be found).
  return {
    ...config,
    ssr: { noExternal: true },
    // React's production build on the server too, as in the browser (the markups must match).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [compileMessages(), react(), tailwindcss()],
    publicDir: false,
    build: { outDir: ssrOutDir, emptyOutDir: true, sourcemap: false },
  } satisfies UserConfig;
});
