/**
 * Links to the bill's PDFs: the calls' GET form answers the file, so a plain link opens it in a new tab
 * (docs/decisions/0029). Paths as text, so no contract (and no zod) loads with the page that links.
 */
export const DOWNLOAD_INVOICE_PATH = '/api/v1/user/transactions/download_invoice';
export const VIEW_CUSTOM_INVOICE_PATH = '/api/v1/user/view_custom_invoice';

export const receiptHref = (transactionId: string) => `${DOWNLOAD_INVOICE_PATH}?transaction_id=${encodeURIComponent(transactionId)}`;
export const invoiceHref = (invoiceId: number) => `${VIEW_CUSTOM_INVOICE_PATH}?id=${invoiceId}`;

/** Opens a PDF a call answered (base64) in a new tab. The tab is opened first, on the click, so no popup blocker stops it. */
export async function openPdf(fetchPdf: () => Promise<{ pdf_base64: string }>): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { pdf_base64 } = await fetchPdf();
    const bytes = Uint8Array.from(atob(pdf_base64), (c) => c.charCodeAt(0));
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}
