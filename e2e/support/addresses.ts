/** Where the journeys reach the portal and where the portal reaches the journeys; shared by the config and the helpers. */

/** E2E_PORT and E2E_SMTP_PORT let a second run on the same machine use its own ports. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** WebAuthn needs a host name, not an IP: the browser's baseURL and the server's PUBLIC_URL are both this. */
export const PUBLIC_URL = `http://localhost:${PORT}`;
/** The journeys' SMTP capture server (support/mail.ts) listens here; the app's outbox retries while none does. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
/** The journeys' paging webhook receiver (support/pager.ts) listens here; P1 alerts page it. */
export const PAGER_PORT = Number(process.env.E2E_PAGER_PORT ?? PORT + 1);
export const PAGER_SECRET = 'e2e-pager-secret-0123456789';
