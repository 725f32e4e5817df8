/**
 * The ticket's PDF: the export call's GET form answers the file, so a plain link opens it in a new tab
 * (docs/decisions/0044). The path as text, so no contract loads with the page for a link.
 */
export const EXPORT_TICKET_PDF_PATH = '/api/v1/tickets/export_pdf';

export const exportPdfHref = (ticketId: number, includeNotes: boolean) =>
  `${EXPORT_TICKET_PDF_PATH}?target_ticket_id=${ticketId}&target_include_notes=${includeNotes}`;
