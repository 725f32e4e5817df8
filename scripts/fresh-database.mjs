// Prints the URL of a fresh, empty database next to the one in DATABASE_URL (dropped and
// recreated), so browser tests on PostgreSQL start from the demo seed every run.
import pg from 'pg';

const base = process.env.DATABASE_URL;
const name = process.argv[2];
if (!base || !name || !/^[a-z_][a-z0-9_]*$/.test(name)) {
  console.error('usage: DATABASE_URL=... node scripts/fresh-database.mjs <name>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: base });
await client.connect();
await client.query(`drop database if exists ${name} with (force)`);
await client.query(`create database ${name}`);
await client.end();
const url = new URL(base);
url.pathname = `/${name}`;
console.log(url.toString());
