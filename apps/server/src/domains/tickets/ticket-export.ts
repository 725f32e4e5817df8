/**
 * A ticket as a PDF (docs/decisions/0044). It prints what the same person sees on the ticket page: staff
 * choose whether internal notes and updates are included; anyone else gets their own view, which never has
 * them (view() leaves them out for non-staff whatever is asked). Comments print rendered, as the page shows
 * them, and times in the zone the page uses.
 */
import type { CallData } from '@portal/contract/shared/define-call';
import { TICKET_MESSAGES, TICKET_TYPES } from '@portal/contract/tickets/ticket-fields';
import { MERGE_MESSAGES, type exportTicketPdf } from '@portal/contract/tickets/ticket-merge';
import type { Ticket } from '@portal/contract/tickets/ticket-view';
import type { CallContext } from '../../platform/context.ts';
import { DISPLAY_TIME_ZONE, formatDisplayTime } from '../../platform/display-time.ts';
import { newPdf } from '../../platform/pdf-fonts.ts';
import { writeMarkdown } from './markdown-pdf.ts';
import { view } from './ticket-view.ts';

export async function exportPdf(ctx: CallContext, input: CallData<typeof exportTicketPdf>) {
  const ticket = await view(ctx, input.target_ticket_id, input.target_include_notes);
  const pdf = await renderTicket(ticket);
  return { filename: `ticket-${ticket.id}.pdf`, pdf_base64: pdf.toString('base64') };
}

function renderTicket(t: Ticket): Promise<Buffer> {
  const { doc, bytes } = newPdf({ Title: `Ticket #${t.id}`, Author: 'Backup Portal Ltd' });
  const width = doc.page.width - 100;
  const heading = (text: string) =>
    doc.moveDown(1).font('bold').fontSize(13).text(text, 50, undefined, { width }).font('body').fontSize(10);

  doc.font('bold').fontSize(18).text(`Ticket #${t.id}: ${t.subject}`, { width });
  doc.font('body').fontSize(10);
  if (t.merged_into !== null) doc.text(MERGE_MESSAGES.merged(t.merged_into));
  doc.text(`Company: ${t.company_name}`);
  doc.text(
    `Type: ${TICKET_TYPES[t.type as keyof typeof TICKET_TYPES] ?? t.type}    Status: ${t.open ? t.status : 'Closed'}    Priority: ${t.priority}`,
  );
  doc.text(
    `Opened: ${formatDisplayTime(t.created_at)}    Last update: ${formatDisplayTime(t.updated_at)}    (times in ${DISPLAY_TIME_ZONE})`,
  );
  if (t.closed_at) doc.text(`Closed: ${formatDisplayTime(t.closed_at)}${t.user_closed ? ` by ${t.user_closed.contact_name}` : ''}`);

  heading('Conversation');
  if (!t.comments.length) doc.text('No comments.');
  for (const c of t.comments) {
    const who = c.username ?? TICKET_MESSAGES.unknownUser;
    doc
      .moveDown(0.6)
      .font('bold')
      .text(`${who}${c.is_support_user ? ' (support)' : ''}, ${formatDisplayTime(c.created_at)}`, { width });
    doc.font('body');
    writeMarkdown(doc, c.comment, { x: 50, width });
    for (const a of c.attachments)
      doc.fillColor('#555555').text(`Attachment: ${a.filename} (${a.filesize} bytes)`, { width }).fillColor('black');
  }

  // Staff-only parts; view() left them empty unless staff asked for them.
  if (t.notes.length) {
    heading('Internal notes');
    for (const n of t.notes) {
      doc
        .moveDown(0.4)
        .font('bold')
        .text(`${n.username ?? TICKET_MESSAGES.unknownUser}, ${formatDisplayTime(n.created_at)}`, { width });
      doc.font('body').text(n.note, { width });
    }
  }
  if (t.updates.length) {
    heading('Updates');
    for (const u of t.updates) {
      const change = [u.old_state, u.new_state].filter((s) => s !== null).join(' → ');
      const lists = [u.added.length ? `added ${u.added.join(', ')}` : '', u.removed.length ? `removed ${u.removed.join(', ')}` : '']
        .filter(Boolean)
        .join('; ');
      doc.text(`${formatDisplayTime(u.created_at)} ${u.user.contact_name ?? 'System'}: ${u.type} ${change} ${lists}`.trim(), { width });
    }
  }
  doc.end();
  return bytes;
}
