import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWith, createTestContext, type TestContext } from '../test/harness.ts';

const SHELL = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-a1b2c3.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify('the app '.repeat(200))});\n`;

let t: TestContext;
let app: FastifyInstance;
let dist: string;

/** A build as `vite build` leaves it: hashed assets with their map and compressed twins, the index beside them. */
function writeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = { 'index.html': SHELL, 'assets/index-a1b2c3.js': SCRIPT };
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  }
  fs.writeFileSync(path.join(dir, 'assets/index-a1b2c3.js.map'), '{"version":3,"sources":["secret.ts"]}');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

beforeAll(async () => {
  t = await createTestContext();
  dist = writeDist();
  app = await appWith(t, { WEB_DIST: dist });
});
afterAll(async () => {
  await app.close();
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the served web app', () => {
  it('sends an asset as brotli when the browser accepts it, else gzip, else as is, varying on Accept-Encoding', async () => {
    const br = await get('/assets/index-a1b2c3.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/index-a1b2c3.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-a1b2c3.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year and revalidate the index', async () => {
    const asset = await get('/assets/index-a1b2c3.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/index.html', '/favicon.svg']) {
      expect((await get(url, 'br')).headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers the app shell, compressed and not cached, for any other page outside /api', async () => {
    for (const url of ['/', '/some/route', '/login?redirect_to=%2Fdashboard', '/dashboard_admin']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(SHELL);
    }
    const plain = await get('/some/route');
    expect(plain.body).toBe(SHELL);
  });

  it('answers 404, not the app shell, for a missing asset, a source map or an unknown call', async () => {
    for (const url of [
      '/assets/no-such-file.js',
      '/assets/index-a1b2c3.js.map',
      '/assets/index-a1b2c3.js.br',
      '/index-a1b2c3.js.map',
      '/api/no-such-call',
    ]) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: 'error', code: 404 });
    }
  });
});
