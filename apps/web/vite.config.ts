import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Fastify server owns every non-asset path; during development Vite only serves the app.
const SERVER = 'http://127.0.0.1:3000';

const proxy = {
  '/api': SERVER,
  '/healthz': SERVER,
  '/readyz': SERVER,
};

export default defineConfig({
  plugins: [react()],
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
  },
});
