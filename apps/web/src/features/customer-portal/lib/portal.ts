import type { PortalStatusView } from '@portal/contract/customer-portal/cloudview';

/** The status page looks again this often while the portal is provisioning (spec-1 §4: polled until it leaves). */
export const POLL_MS = 3000;

export const pollInterval = (status: PortalStatusView | undefined): number | false => (status?.status === 'PROVISIONING' ? POLL_MS : false);

export const STATUS_LABELS = { PROVISIONING: 'Provisioning', READY: 'Ready', FAILED: 'Failed' } as const;
export const STATUS_COLORS = { PROVISIONING: 'blue', READY: 'green', FAILED: 'red' } as const;

/**
 * Posts the sign-in to the portal in a new tab (spec-1 §7): a form with the login data's fields, sent to the tab
 * `target` names. The tab is opened by the click itself (`openLoginTab`), before the credentials arrive, so a popup
 * blocker lets it through.
 */
export function postInTab(doc: Document, target: string, url: string, data: Record<string, string>): void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = url;
  form.target = target;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(data)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
  form.remove();
}

let tabs = 0;
/** Opens the empty tab the sign-in is posted into; its name, and a way to close it if the sign-in fails. */
export function openLoginTab(win: Window): { name: string; close(): void } {
  tabs += 1;
  const name = `cloudview-login-${Date.now()}-${tabs}`;
  const tab = win.open('about:blank', name);
  // The portal's page gets no handle on ours.
  if (tab) tab.opener = null;
  return { name, close: () => tab?.close() };
}
