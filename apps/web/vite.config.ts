import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The Fastify server owns every non-asset path; during development Vite only serves the app.
const SERVER = 'http://127.0.0.1:3000';

const proxy = {
  '/api': SERVER,
  '/healthz': SERVER,
  '/readyz': SERVER,
};

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, once, at build time; the server
 * sends them to browsers that accept them (apps/server/src/platform/web-app.ts). Files too small to gain
 * are left alone; the manifest and source maps are not served, so not compressed.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          if (entry.name === '.vite') return [];
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const text = fs.readFileSync(file);
        if (text.length < 1024) continue;
        const br = brotliCompressSync(text, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: text.length },
        });
        const gz = gzipSync(text, { level: 9 });
        if (br.length < text.length) fs.writeFileSync(`${file}.br`, br);
        if (gz.length < text.length) fs.writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for debugging a build locally but never referenced from the bundles; the server
    // refuses to serve *.map.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: scripts/check-bundle-budget.mjs sums each route's chunks from it.
    manifest: true,
    // The libraries every page needs are one chunk on purpose (see codeSplitting below), a little over Vite's
    // 500 kB warning; the budget (npm run budget) is the size check that counts.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // What the entry imports statically (the modules tagged $initial) goes into two chunks: the libraries and the
        // app's own code. Left to itself the bundler split them into about thirty small shared chunks (Button,
        // Group, Text, the router's pieces…) that every first visit fetched, at about 10 kB gzip of chunk overhead
        // and lost compression. One chunk for all of it was as small but took about a third longer to evaluate
        // than two that the browser compiles side by side. Lazy chunks import what they share from these two.
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/ },
            { name: 'index', tags: ['$initial'] },
          ],
        },
        // Zod compiles parsers with new Function() where it may, and probes for it when its first object schema
        // is built; the CSP (script-src 'self', no 'unsafe-eval') refuses it and Chrome logs a CSP issue.
        // Zod reads this global when it loads, so the chunk that holds it sets it first.
        intro: (chunk) =>
          chunk.moduleIds.some((id) => /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id))
            ? 'globalThis.__zod_globalConfig ??= { jitless: true };'
            : '',
      },
    },
  },
});
