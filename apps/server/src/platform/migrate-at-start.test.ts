import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, openPglite } from './db.ts';

// PostgreSQL's side (a production node as a role that could not migrate) is multi-node/runtime-role.test.ts.
describe('opening the embedded database without migrating (MIGRATE_ON_START=false)', () => {
  it('refuses one that lacks migrations, naming the first and saying to run npm run migrate', async () => {
    const client = await openPglite();
    try {
      await expect(openDatabase({ pglite: client, migrate: false })).rejects.toThrow(
        /^The database lacks \d+ migration\(s\), from 0000_extensions: run `npm run migrate`/,
      );
      // Nothing was created on the way.
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from pg_namespace where nspname = 'drizzle'");
      expect(rows[0]?.n).toBe(0);
    } finally {
      await client.close();
    }
  });

  it('opens one that has every migration', async () => {
    const dump = inject('pgliteDump') || null;
    // The PostgreSQL pass has no PGlite template to clone: the migrated copy is made here.
    const client = dump ? await openPglite(undefined, new Blob([fs.readFileSync(dump)])) : await openPglite();
    if (!dump) await openDatabase({ pglite: client });
    const handle = await openDatabase({ pglite: client, migrate: false });
    await handle.close();
  });
});
