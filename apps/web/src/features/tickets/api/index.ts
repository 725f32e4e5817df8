import { raiseAlert } from '@portal/contract/tickets/alerts';
import { createTicket, ticketsCreatePage } from '@portal/contract/tickets/ticket-create';
import { adminTicketsList, ticketsList } from '@portal/contract/tickets/ticket-lists';
import { mergeTicket, ticketMergeCandidates } from '@portal/contract/tickets/ticket-merge';
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
import { adminTicketsViewPage, createComment, getTicketHash, previewComment, ticketsViewPage } from '@portal/contract/tickets/ticket-view';
import { callSource, type FixedInput } from '../../../components/data-table/list-source';
import { defineMutation, defineQuery } from '../../../lib/call-hooks';

export const supportTicketsSource = (fixed: FixedInput<typeof ticketsList>) => callSource(ticketsList, fixed);
export const adminTicketsSource = (fixed: FixedInput<typeof adminTicketsList>) => callSource(adminTicketsList, fixed);

export const createPageQuery = defineQuery(ticketsCreatePage);
export const useCreateTicket = defineMutation(createTicket, { invalidates: [ticketsList, adminTicketsList] });

export const ticketQuery = defineQuery(ticketsViewPage);
export const adminTicketQuery = defineQuery(adminTicketsViewPage);
export const ticketHashQuery = defineQuery(getTicketHash);
const TICKET_VIEWS = { invalidates: [ticketsViewPage, adminTicketsViewPage, getTicketHash, ticketsList, adminTicketsList] };
export const usePreviewComment = defineMutation(previewComment);
export const useCreateComment = defineMutation(createComment, TICKET_VIEWS);
export const useCloseTicket = defineMutation(closeTicket, TICKET_VIEWS);
export const useReopenTicket = defineMutation(reopenTicket, TICKET_VIEWS);
export const useCreateNote = defineMutation(createTicketNote, TICKET_VIEWS);
export const useDeleteNote = defineMutation(deleteTicketNote, TICKET_VIEWS);
export const useSetStatus = defineMutation(setStatus, TICKET_VIEWS);
export const useSetPriority = defineMutation(setPriority, TICKET_VIEWS);
export const tagsQuery = defineQuery(listTags);
// Adding may make a new tag, and a colour shows on every ticket with the tag: the tag list loads again too.
export const useAddTag = defineMutation(addTag, { invalidates: [...TICKET_VIEWS.invalidates, listTags] });
export const useRemoveTag = defineMutation(removeTag, TICKET_VIEWS);
export const useChangeTagColor = defineMutation(changeTagColor, { invalidates: [...TICKET_VIEWS.invalidates, listTags] });
export const useUpdateNote = defineMutation(updateTicketNote, TICKET_VIEWS);
export const useSetTopic = defineMutation(setTopic, TICKET_VIEWS);
export const useSetEscalation = defineMutation(setEscalation, TICKET_VIEWS);
export const useSetReminderPeriod = defineMutation(setReminderPeriod, TICKET_VIEWS);
export const assigneesQuery = defineQuery(listAvailableAssignees);
export const useSetAssignees = defineMutation(setAssignees, TICKET_VIEWS);
export const mergeCandidatesQuery = defineQuery(ticketMergeCandidates);
export const useMergeTicket = defineMutation(mergeTicket, { invalidates: [...TICKET_VIEWS.invalidates, ticketMergeCandidates] });

export const useRaiseAlert = defineMutation(raiseAlert);
