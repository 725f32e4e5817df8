import { acknowledgeAlert, raiseAlert } from '@portal/contract/tickets/alerts';
import { createTicket, ticketsCreatePage } from '@portal/contract/tickets/ticket-create';
import { adminTicketsViewPage, createComment, getTicketHash, previewComment, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import {
  addTag,
  changeTagColor,
  closeTicket,
  createTicketNote,
  deleteTicketNote,
  listAvailableAssignees,
  listTags,
  removeTag,
  reopenTicket,
  setAssignees,
  setEscalation,
  setPriority,
  setReminderPeriod,
  setStatus,
  setTopic,
  updateTicketNote,
} from '@portal/contract/tickets/ticket-staff';
import { adminTicketsList, ticketsList } from '@portal/contract/tickets/ticket-lists';
import { exportTicketPdf, mergeTicket, ticketMergeCandidates } from '@portal/contract/tickets/ticket-merge';
import { handle } from '../../platform/handle.ts';
import * as alerts from './alerts.ts';
import * as creating from './ticket-create.ts';
import * as exporting from './ticket-export.ts';
import * as lists from './ticket-lists.ts';
import * as merging from './ticket-merge.ts';
import * as staff from './ticket-staff.ts';
import * as viewing from './ticket-view.ts';

export const ticketHandlers = [
  handle(ticketsCreatePage, (input, ctx) => creating.createPage(ctx, input), { readOnly: true }),
  handle(createTicket, (input, ctx) => creating.create(ctx, input)),
  handle(ticketsViewPage, (input, ctx) => viewing.view(ctx, input.target_ticket_id, false), { readOnly: true }),
  handle(adminTicketsViewPage, (input, ctx) => viewing.view(ctx, input.target_ticket_id, true), { readOnly: true }),
  handle(getTicketHash, (input, ctx) => viewing.getHash(ctx, input.target_ticket_id), { readOnly: true }),
  handle(previewComment, (input, ctx) => viewing.preview(ctx, input), { readOnly: true }),
  handle(createComment, (input, ctx) => viewing.addComment(ctx, input)),
  handle(createTicketNote, (input, ctx) => staff.addNote(ctx, input)),
  handle(updateTicketNote, (input, ctx) => staff.editNote(ctx, input)),
  handle(deleteTicketNote, (input, ctx) => staff.removeNote(ctx, input)),
  handle(setTopic, (input, ctx) => staff.changeTopic(ctx, input)),
  handle(setStatus, (input, ctx) => staff.changeStatus(ctx, input)),
  handle(setPriority, (input, ctx) => staff.changePriority(ctx, input)),
  handle(setEscalation, (input, ctx) => staff.changeEscalation(ctx, input)),
  handle(setReminderPeriod, (input, ctx) => staff.changeReminder(ctx, input)),
  handle(closeTicket, (input, ctx) => staff.close(ctx, input)),
  handle(reopenTicket, (input, ctx) => staff.reopen(ctx, input)),
  handle(listTags, (_input, ctx) => staff.listAllTags(ctx), { readOnly: true }),
  handle(addTag, (input, ctx) => staff.tagTicket(ctx, input)),
  handle(removeTag, (input, ctx) => staff.untagTicket(ctx, input)),
  handle(changeTagColor, (input, ctx) => staff.recolorTag(ctx, input)),
  handle(listAvailableAssignees, (_input, ctx) => staff.assignable(ctx), { readOnly: true }),
  handle(setAssignees, (input, ctx) => staff.assign(ctx, input)),
  handle(ticketsList, (input, ctx) => lists.listOwn(ctx, input), { readOnly: true }),
  handle(adminTicketsList, (input, ctx) => lists.listAll(ctx, input), { readOnly: true }),
  handle(raiseAlert, (input, ctx) => alerts.raise(ctx, input)),
  handle(acknowledgeAlert, (input, ctx) => alerts.acknowledge(ctx, input)),
  handle(ticketMergeCandidates, (input, ctx) => merging.candidates(ctx, input), { readOnly: true }),
  handle(mergeTicket, (input, ctx) => merging.merge(ctx, input)),
  handle(exportTicketPdf, (input, ctx) => exporting.exportPdf(ctx, input), { readOnly: true }),
];

export { attachmentEntries, UPLOAD_PART_LIMITS, uploadAsPageAction } from './attachment-route.ts';
