import { execFileSync } from 'node:child_process';
import { DOWNLOAD_SUPPORT_ATTACHMENT_PATH, UPLOAD_SUPPORT_FILE_PATH } from '@portal/contract/tickets/ticket-attachments';
import { TICKET_MESSAGES } from '@portal/contract/tickets/ticket-fields';
import { MERGE_MESSAGES, exportTicketPdf, mergeTicket, ticketMergeCandidates } from '@portal/contract/tickets/ticket-merge';
import { addTag, createTicketNote, setEscalation, setPriority, setStatus } from '@portal/contract/tickets/ticket-staff';
import { adminTicketsViewPage, createComment, getTicketHash, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTicket } from '../../test/factories.ts';
import { TestClient, type TestContext, createTestContext, newCompany, newUser, ok } from '../../test/harness.ts';

let t: TestContext;
let support: TestClient;
let customer: TestClient;
let stranger: TestClient;
let companyId: number;
let otherCompanyId: number;

const client = (userId: number) => new TestClient(t.app).useSession(t.db, t.clock, userId);
const pdfText = (base64: string) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: Buffer.from(base64, 'base64') }).toString('utf8');

beforeAll(async () => {
  t = await createTestContext();
  const vendor = await newCompany(t.db, { company_type: 'admin', current_state: 'ACTIVE' });
  support = await client((await newUser(t.db, vendor.company.id, { staff_role: 'support', contact_name: 'Sam Support' })).id);
  const c = await newCompany(t.db, { current_state: 'ACTIVE' });
  companyId = c.company.id;
  customer = await client(c.user.id);
  const other = await newCompany(t.db, { current_state: 'ACTIVE' });
  otherCompanyId = other.company.id;
  stranger = await client(other.user.id);
});
afterAll(() => t.close());

const staffView = async (id: number) => ok(await support.call(adminTicketsViewPage, { target_ticket_id: id })).data;
const comment = async (who: TestClient, id: number, body: string) => {
  const { hash } = ok(await who.call(getTicketHash, { target_ticket_id: id })).data;
  ok(
    await who.call(createComment, {
      target_ticket_id: id,
      target_body: body,
      target_attachments: [],
      expect_ticket_hash: hash,
      expect_company_id: companyId,
    }),
  );
};

describe('merging tickets', () => {
  it('moves comments, notes, tags and updates into the target; notes stay staff-only; both get an update row', async () => {
    const into = await newTicket(t.db, t.clock.now(), companyId, { subject: 'Backups fail', body: 'first problem' });
    const from = await newTicket(t.db, t.clock.now(), companyId, { subject: 'Same again', body: 'second problem' });
    await comment(customer, from, 'more detail on the second');
    ok(await support.call(createTicketNote, { target_ticket_id: from, target_note_content: 'secret: customer is on a trial' }));
    ok(await support.call(addTag, { target_ticket_id: from, target_tag_input: 'merge-tag' }));

    const merged = ok(await support.call(mergeTicket, { target_ticket_id: from, target_merge_into_ticket_id: into })).data;
    expect(merged.id).toBe(into);

    const target = await staffView(into);
    expect(target.comments.map((c) => c.comment.replace('**Overview**\n\n', ''))).toEqual([
      'first problem',
      'second problem',
      'more detail on the second',
    ]);
    expect(target.notes.map((n) => n.note)).toEqual(['secret: customer is on a trial']);
    expect(target.tags.map((x) => x.tag)).toContain('merge-tag');
    expect(target.updates.filter((u) => u.type === 'merged')).toMatchObject([{ old_state: `#${from}`, new_state: `#${into}` }]);
    // The merged ticket's own history travelled with it.
    expect(target.updates.filter((u) => u.type === 'tags')).toHaveLength(1);

    const source = await staffView(from);
    // The answer's hash is the merged ticket's, so its open page knows the change for its own.
    expect(source).toMatchObject({ hash: merged.hash, merged_into: into, open: 0, comments: [], notes: [] });
    expect(source.updates).toMatchObject([{ type: 'merged', old_state: `#${from}`, new_state: `#${into}` }]);

    const seen = ok(await customer.call(ticketsViewPage, { target_ticket_id: into })).data;
    expect(seen.comments).toHaveLength(3);
    expect(seen.notes).toEqual([]);
    expect(seen.updates).toEqual([]);
    expect(ok(await customer.call(ticketsViewPage, { target_ticket_id: from })).data.merged_into).toBe(into);
  });

  it('keeps the more urgent priority and the higher escalation of the two, with an update row for each change', async () => {
    const into = await newTicket(t.db, t.clock.now(), companyId, { subject: 'Quiet one' });
    const from = await newTicket(t.db, t.clock.now(), companyId, { subject: 'Urgent one' });
    ok(await support.call(setPriority, { target_ticket_id: into, target_new_value: 'Low' }));
    ok(await support.call(setPriority, { target_ticket_id: from, target_new_value: 'Critical' }));
    ok(await support.call(setEscalation, { target_ticket_id: from, target_new_value: 2 }));
    ok(await support.call(mergeTicket, { target_ticket_id: from, target_merge_into_ticket_id: into }));
    const target = await staffView(into);
    expect([target.priority, target.escalation]).toEqual(['Critical', 2]);
    const own = target.updates.filter((u) => u.type === 'priority' || u.type === 'escalation').slice(-2);
    expect(own).toMatchObject([
      { type: 'priority', old_state: 'Low', new_state: 'Critical' },
      { type: 'escalation', old_state: 'L1', new_state: 'L2' },
    ]);

    // The other way round nothing drops: the target's own urgency stays.
    const urgent = await newTicket(t.db, t.clock.now(), companyId);
    const calm = await newTicket(t.db, t.clock.now(), companyId);
    ok(await support.call(setPriority, { target_ticket_id: urgent, target_new_value: 'Important' }));
    ok(await support.call(setEscalation, { target_ticket_id: urgent, target_new_value: 2 }));
    ok(await support.call(setPriority, { target_ticket_id: calm, target_new_value: 'Frozen' }));
    ok(await support.call(mergeTicket, { target_ticket_id: calm, target_merge_into_ticket_id: urgent }));
    const kept = await staffView(urgent);
    expect([kept.priority, kept.escalation]).toEqual(['Important', 2]);
  });

  it('the merged ticket answers every change with a pointer to the target', async () => {
    const into = await newTicket(t.db, t.clock.now(), companyId);
    const from = await newTicket(t.db, t.clock.now(), companyId);
    const { hash } = ok(await customer.call(getTicketHash, { target_ticket_id: from })).data;
    ok(await support.call(mergeTicket, { target_ticket_id: from, target_merge_into_ticket_id: into }));
    const pointer = MERGE_MESSAGES.merged(into);
    const late = await customer.call(createComment, {
      target_ticket_id: from,
      target_body: 'late',
      target_attachments: [],
      expect_ticket_hash: hash,
      expect_company_id: companyId,
    });
    expect(late).toMatchObject({ code: 409, message: pointer });
    expect(await support.call(setStatus, { target_ticket_id: from, target_new_value: 'On hold' })).toMatchObject({
      code: 409,
      message: pointer,
    });
    expect(await support.call(mergeTicket, { target_ticket_id: from, target_merge_into_ticket_id: into })).toMatchObject({
      code: 409,
      message: pointer,
    });
    const third = await newTicket(t.db, t.clock.now(), companyId);
    expect(await support.call(mergeTicket, { target_ticket_id: third, target_merge_into_ticket_id: from })).toMatchObject({
      code: 400,
      data: { fields: { target_merge_into_ticket_id: pointer } },
    });
  });

  it('refuses a ticket into itself and tickets of different companies', async () => {
    const a = await newTicket(t.db, t.clock.now(), companyId);
    const b = await newTicket(t.db, t.clock.now(), otherCompanyId);
    expect(await support.call(mergeTicket, { target_ticket_id: a, target_merge_into_ticket_id: a })).toMatchObject({
      code: 400,
      data: { fields: { target_merge_into_ticket_id: MERGE_MESSAGES.self } },
    });
    expect(await support.call(mergeTicket, { target_ticket_id: a, target_merge_into_ticket_id: b })).toMatchObject({
      code: 400,
      data: { fields: { target_merge_into_ticket_id: MERGE_MESSAGES.otherCompany } },
    });
    expect((await staffView(a)).merged_into).toBeNull();
    expect((await staffView(b)).merged_into).toBeNull();
  });

  it('only staff merge; a missing ticket answers as not found', async () => {
    const a = await newTicket(t.db, t.clock.now(), companyId);
    const b = await newTicket(t.db, t.clock.now(), companyId);
    expect((await customer.call(mergeTicket, { target_ticket_id: a, target_merge_into_ticket_id: b })).code).toBe(403);
    expect((await customer.call(ticketMergeCandidates, { target_ticket_id: a, target_search: '' })).code).toBe(403);
    expect(await support.call(mergeTicket, { target_ticket_id: a, target_merge_into_ticket_id: 2_000_000_000 })).toMatchObject({
      code: 404,
      message: TICKET_MESSAGES.notFound,
    });
  });

  it('candidates are the company’s other unmerged tickets, found by id or subject', async () => {
    const { company } = await newCompany(t.db, { current_state: 'ACTIVE' });
    const base = await newTicket(t.db, t.clock.now(), company.id, { subject: 'Restore is slow' });
    const vpn = await newTicket(t.db, t.clock.now(), company.id, { subject: 'VPN 100% broken' });
    const other = await newTicket(t.db, t.clock.now(), company.id, { subject: 'Licence question' });
    const gone = await newTicket(t.db, t.clock.now(), company.id, { subject: 'VPN again' });
    await newTicket(t.db, t.clock.now(), otherCompanyId, { subject: 'VPN elsewhere' });
    ok(await support.call(mergeTicket, { target_ticket_id: gone, target_merge_into_ticket_id: vpn }));
    const all = ok(await support.call(ticketMergeCandidates, { target_ticket_id: base, target_search: '' })).data;
    expect(all.map((c) => c.id).sort()).toEqual([vpn, other].sort());
    const bySubject = ok(await support.call(ticketMergeCandidates, { target_ticket_id: base, target_search: 'vpn' })).data;
    expect(bySubject.map((c) => c.id)).toEqual([vpn]);
    expect(ok(await support.call(ticketMergeCandidates, { target_ticket_id: base, target_search: '%' })).data.map((c) => c.id)).toEqual([
      vpn,
    ]);
    expect(
      ok(await support.call(ticketMergeCandidates, { target_ticket_id: base, target_search: `#${other}` })).data.map((c) => c.id),
    ).toEqual([other]);
  });
});

/** One file sent as the browser's upload form sends it (attachments.test.ts covers the upload itself). */
async function uploadFile(c: TestClient, name: string, data: Buffer): Promise<number> {
  const b = '----merge-test';
  const payload = Buffer.concat([
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="index"\r\n\r\n0\r\n`),
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="size"\r\n\r\n${data.length}\r\n`),
    Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${b}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD_SUPPORT_FILE_PATH,
    cookies: c.cookies,
    headers: { 'content-type': `multipart/form-data; boundary=${b}`, ...(c.csrf ? { 'x-csrf-token': c.csrf } : {}) },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

describe('merging tickets with attachments', () => {
  it('the merged ticket’s attachments move with their comments and still download for the company', async () => {
    const into = await newTicket(t.db, t.clock.now(), companyId);
    const from = await newTicket(t.db, t.clock.now(), companyId);
    const fileId = await uploadFile(customer, 'merge-log.txt', Buffer.from('log lines'));
    const { hash } = ok(await customer.call(getTicketHash, { target_ticket_id: from })).data;
    ok(
      await customer.call(createComment, {
        target_ticket_id: from,
        target_body: 'log attached',
        target_attachments: [fileId],
        expect_ticket_hash: hash,
        expect_company_id: companyId,
      }),
    );
    ok(await support.call(mergeTicket, { target_ticket_id: from, target_merge_into_ticket_id: into }));
    const moved = (await staffView(into)).comments.find((c) => c.comment === 'log attached');
    expect(moved?.attachments.map((a) => a.id)).toEqual([fileId]);
    const res = await t.app.inject({ method: 'GET', url: `${DOWNLOAD_SUPPORT_ATTACHMENT_PATH}?id=${fileId}`, cookies: customer.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('log lines');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${DOWNLOAD_SUPPORT_ATTACHMENT_PATH}?id=${fileId}`,
      cookies: stranger.cookies,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('PDF export', () => {
  it('staff choose whether notes are printed; the customer gets their own view without notes; another company gets not found', async () => {
    const id = await newTicket(t.db, t.clock.now(), companyId, { subject: 'Export me', body: 'Ünïcode comment body' });
    ok(await support.call(createTicketNote, { target_ticket_id: id, target_note_content: 'internal-note-text' }));
    ok(await support.call(setStatus, { target_ticket_id: id, target_new_value: 'On hold' }));

    const withNotes = ok(await support.call(exportTicketPdf, { target_ticket_id: id, target_include_notes: true })).data;
    expect(withNotes.filename).toBe(`ticket-${id}.pdf`);
    const full = pdfText(withNotes.pdf_base64);
    expect(full).toContain(`Ticket #${id}: Export me`);
    expect(full).toContain('Ünïcode comment body');
    expect(full).toContain('internal-note-text');
    expect(full).toContain('On hold');

    const plain = pdfText(ok(await support.call(exportTicketPdf, { target_ticket_id: id, target_include_notes: false })).data.pdf_base64);
    expect(plain).toContain('Ünïcode comment body');
    expect(plain).not.toContain('internal-note-text');
    expect(plain).not.toContain('Internal notes');

    const own = pdfText(ok(await customer.call(exportTicketPdf, { target_ticket_id: id, target_include_notes: true })).data.pdf_base64);
    expect(own).toContain('Ünïcode comment body');
    expect(own).not.toContain('internal-note-text');
    expect(own).not.toContain('Updates');

    expect(await stranger.call(exportTicketPdf, { target_ticket_id: id, target_include_notes: false })).toMatchObject({
      code: 404,
      message: TICKET_MESSAGES.notFound,
    });
  });

  it('the GET form opens the file itself, notes as the link asks', async () => {
    const id = await newTicket(t.db, t.clock.now(), companyId, { subject: 'Linked export' });
    ok(await support.call(createTicketNote, { target_ticket_id: id, target_note_content: 'link-note-text' }));
    const res = await support.get(`${exportTicketPdf.path}?target_ticket_id=${id}&target_include_notes=true`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(pdfText(res.rawPayload.toString('base64'))).toContain('link-note-text');
    const without = await support.get(`${exportTicketPdf.path}?target_ticket_id=${id}&target_include_notes=false`);
    expect(pdfText(without.rawPayload.toString('base64'))).not.toContain('link-note-text');
  });

  it('prints comments rendered from markdown, and times in Pacific/Auckland as the page shows them', async () => {
    t.clock.set(new Date('2026-11-21T23:30:00Z'));
    const id = await newTicket(t.db, t.clock.now(), companyId, { subject: 'Rendered', body: 'plain start' });
    await comment(
      customer,
      id,
      '## Steps\n\n**Bold words** and `npm run backup`, see [the guide](https://docs.example.com/guide).\n\n- first item\n- second item',
    );
    const text = pdfText(ok(await support.call(exportTicketPdf, { target_ticket_id: id, target_include_notes: false })).data.pdf_base64);
    expect(text).toContain('Bold words and npm run backup, see the guide (https://docs.example.com/guide).');
    expect(text).toContain('• first item');
    expect(text).toContain('Steps');
    for (const raw of ['**', '`', '](', '## ', '- first']) expect(text).not.toContain(raw);
    // 23:30 UTC on the 21st is 12:30 on the 22nd in Auckland (NZDT).
    expect(text).toContain('Opened: 2026-11-22 12:30');
    expect(text).toContain('Pacific/Auckland');
    expect(text).not.toContain('UTC');
  });

  it('a merged ticket prints its pointer', async () => {
    const into = await newTicket(t.db, t.clock.now(), companyId);
    const from = await newTicket(t.db, t.clock.now(), companyId);
    ok(await support.call(mergeTicket, { target_ticket_id: from, target_merge_into_ticket_id: into }));
    const text = pdfText(ok(await customer.call(exportTicketPdf, { target_ticket_id: from, target_include_notes: false })).data.pdf_base64);
    expect(text).toContain(MERGE_MESSAGES.merged(into));
  });
});
