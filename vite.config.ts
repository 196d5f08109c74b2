import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compileMessages } from './scripts/compile-messages-plugin.ts';

const webRoot = fileURLToPath(new URL('./web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * The server serves `/assets/` with `preCompressed: true`, so every compressible asset gets a
 * `.br` and a `.gz` copy beside it at build time instead of being compressed per request.
 */
function precompressAssets(): Plugin {
  // The folder being built (a test may build elsewhere than dist/web).
  let builtDir = outDir;
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      builtDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assetsDir = join(builtDir, 'assets');
      for (const name of readdirSync(assetsDir)) {
        const file = join(assetsDir, name);
        if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
        const source = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

const config = {
  root: webRoot,
  plugins: [compileMessages(), react(), tailwindcss(), precompressAssets()],
  build: {
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    // Never inline assets as data: URLs into the HTML or scripts; the CSP allows only files from 'self'.
    assetsInlineLimit: 0,
    sourcemap: false,
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
export default defineConfig(({ command }) => {
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
