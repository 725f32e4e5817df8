import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiToken, newLicence } from '../../test/factories.ts';
import { type TestContext, createTestContext, newCompany, newUser } from '../../test/harness.ts';

const run = promisify(execFile);
const script = (name: string) => fileURLToPath(new URL(`../../../../../docs/scripts/${name}`, import.meta.url));

let t: TestContext;
let url: string;
beforeAll(async () => {
  t = await createTestContext();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const runScript = (name: string, token: string) =>
  run('sh', [script(name)], { env: { ...process.env, PORTAL_URL: url, PORTAL_TOKEN: token } });

/** The curl examples of docs/api-tokens.md, run against this app listening on a real port. */
describe('docs/scripts/list-servers.sh', () => {
  it("prints every licence of the company with a SERVERS_READ token, page after page, and none of another's", async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const other = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    const theirs = await newLicence(t.db, t.clock.now(), other.company.id, { name: 'Not yours' });
    const serials: string[] = [];
    // More than one page of 50.
    for (let i = 0; i < 52; i++) serials.push((await newLicence(t.db, t.clock.now(), company.id, { name: `Office ${i}` })).serial_number);
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['SERVERS_READ']);
    const { stdout } = await runScript('list-servers.sh', token);
    const lines = stdout.replace(/\n$/, '').split('\n');
    expect(lines).toHaveLength(52);
    expect(lines.map((l) => l.split('\t')[0]).sort()).toEqual([...serials].sort());
    expect(lines.find((l) => l.startsWith(`${serials[0]}\t`))).toBe(`${serials[0]}\tOffice 0\tOffline\t\t0`);
    expect(stdout).not.toContain(theirs.serial_number);
  });

  it("exits 1 with the portal's message for a token without SERVERS_READ", async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['USERS_READ']);
    await expect(runScript('list-servers.sh', token)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('does not have permission'),
    });
  });
});

describe('docs/scripts/list-servers.ts, typed by the client generated from the API document', () => {
  const tsx = fileURLToPath(new URL('../../../../../node_modules/.bin/tsx', import.meta.url));
  const example = (token: string) =>
    run(tsx, [script('list-servers.ts')], { env: { ...process.env, PORTAL_URL: url, PORTAL_TOKEN: token } });

  it("prints what list-servers.sh prints, and exits 1 with the envelope's message when refused", async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE', plan_id: 'Growth' });
    for (let i = 0; i < 3; i++) await newLicence(t.db, t.clock.now(), company.id, { name: `Branch ${i}` });
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['SERVERS_READ']);
    const typed = await example(token);
    expect(typed.stdout.split('\n').filter(Boolean)).toHaveLength(3);
    expect(typed.stdout).toBe((await runScript('list-servers.sh', token)).stdout);
    const { token: usersOnly } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['USERS_READ']);
    await expect(example(usersOnly)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('does not have permission') });
  });
});

describe('docs/scripts/list-company-users.sh', () => {
  const script = (token: string) => runScript('list-company-users.sh', token);

  it("prints the company's users with a USERS_READ token", async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const second = await newUser(t.db, company.id, { contact_name: 'Second Person' });
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['USERS_READ']);
    const { stdout } = await script(token);
    const lines = stdout.replace(/\n$/, '').split('\n');
    expect(lines).toHaveLength(2);
    expect(lines).toContain(`${second.email}\tSecond Person\t`);
    expect(lines.some((l) => l.startsWith(`${user.email}\t`) && l.endsWith('\tprimary'))).toBe(true);
  });

  it("exits 1 with the portal's message for a token without the permission", async () => {
    const { company, user } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const { token } = await newApiToken(t.db, t.clock.now(), user.id, company.id, ['BILLING_READ']);
    await expect(script(token)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('does not have permission') });
  });
});
