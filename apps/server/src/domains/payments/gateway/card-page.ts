import { formatCents } from '@portal/contract/shared/money';
import fs from 'node:fs';
import { sandboxCardChallenge, sandboxCardEnter, sandboxCardPage, sandboxChallengePage } from '@portal/contract/payments/card-page-entries';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { codeFile } from '../../../paths.ts';
import { type EntryHandler, handleEntry } from '../../../platform/entry.ts';
import { escapeHtml } from '../../../platform/mail.ts';
import { framedPageHeaders, serveFramedPageScript } from '../../../platform/framed-page.ts';
import type { SandboxGateway } from './sandbox.ts';

/** The page's script, served as a file: the content security policy allows no inline script. */
const SCRIPT = fs.readFileSync(codeFile('domains/payments/gateway/card-page.js'), 'utf8');
const CHALLENGE_SCRIPT = fs.readFileSync(codeFile('domains/payments/gateway/challenge-page.js'), 'utf8');

function page(session: string, parentOrigin: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card details</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; color: #1a1b1e; background: #fff; }
  form { display: grid; gap: 12px; max-width: 420px; }
  label { display: grid; gap: 4px; font-size: 14px; font-weight: 500; }
  input { font: inherit; padding: 8px 10px; border: 1px solid #868e96; border-radius: 4px; }
  input:focus-visible, button:focus-visible { outline: 2px solid #1c7ed6; outline-offset: 1px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { font: inherit; padding: 8px 14px; border: 0; border-radius: 4px; background: #1864ab; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1a1b1e; border: 1px solid #868e96; }
  button:disabled { background: #adb5bd; }
  #status { min-height: 1.4em; margin: 12px 0 0; }
  .note { font-size: 12px; color: #495057; margin: 0; }
</style>
</head>
<body data-session="${escapeHtml(session)}" data-parent-origin="${escapeHtml(parentOrigin)}">
<main>
<form id="card-form" autocomplete="on" novalidate>
  <p class="note">Sandbox card processor: no real card is charged.</p>
  <label>Name on card<input name="name" autocomplete="cc-name" required maxlength="100"></label>
  <label>Card number<input name="number" autocomplete="cc-number" inputmode="numeric" required maxlength="23"></label>
  <div class="row">
    <label>Expiry (MM/YY)<input name="expiry" autocomplete="cc-exp" placeholder="MM/YY" required maxlength="7"></label>
    <label>Security code<input name="cvc" autocomplete="cc-csc" inputmode="numeric" required maxlength="4"></label>
  </div>
  <button id="submit" type="submit">Authorize card</button>
</form>
<section id="challenge" hidden aria-labelledby="challenge-title">
  <h2 id="challenge-title">3-D Secure check</h2>
  <p>Your bank asks you to confirm this card.</p>
  <div class="row">
    <button id="challenge-pass" type="button">Confirm</button>
    <button id="challenge-fail" type="button" class="secondary">Fail the check</button>
  </div>
</section>
<p id="status" role="status" aria-live="polite"></p>
</main>
<script src="/sandbox-gateway/card.js"></script>
</body>
</html>`;
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; color: #1a1b1e; background: #fff; }
  h1 { font-size: 18px; margin: 0 0 8px; }
  .row { display: flex; flex-wrap: wrap; gap: 12px; }
  button { font: inherit; padding: 8px 14px; border: 0; border-radius: 4px; background: #1864ab; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1a1b1e; border: 1px solid #868e96; }
  button:focus-visible { outline: 2px solid #1c7ed6; outline-offset: 1px; }
  #status { min-height: 1.4em; margin: 12px 0 0; }
  .note { font-size: 12px; color: #495057; }`;

/** The issuer's 3-D Secure page for one charge: what is being paid, and the customer's answer. */
function challengePage(session: string, parentOrigin: string, amount: number): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>3-D Secure check</title>
<style>${STYLE}</style>
</head>
<body data-session="${escapeHtml(session)}" data-parent-origin="${escapeHtml(parentOrigin)}">
<main>
<h1>3-D Secure check</h1>
<p>Your bank asks you to confirm a payment of <strong>US${formatCents(amount)}</strong>.</p>
<p class="note">Sandbox issuer: Confirm passes the check, Fail the check fails it.</p>
<div class="row" id="answers">
  <button id="challenge-pass" type="button">Confirm payment</button>
  <button id="challenge-fail" type="button" class="secondary">Fail the check</button>
</div>
<p id="status" role="status" aria-live="polite"></p>
</main>
<script src="/sandbox-gateway/challenge.js"></script>
</body>
</html>`;
}

const gone = (reply: FastifyReply) =>
  reply.code(410).send({ state: 'failed', response_text: 'This card session has expired. Close the dialog and try again.' });

/**
 * The sandbox processor's hosted card page, served by the portal under /sandbox-gateway/ (a real processor
 * serves its own from its own origin). The card travels from this page to the sandbox and nowhere else:
 * nothing here logs a request body, and the sandbox keeps only a token, brand, last four and expiry.
 */
export function registerSandboxCardPage(app: FastifyInstance, gateway: () => SandboxGateway): EntryHandler[] {
  serveFramedPageScript(app, '/sandbox-gateway/card.js', SCRIPT);
  serveFramedPageScript(app, '/sandbox-gateway/challenge.js', CHALLENGE_SCRIPT);
  return [
    handleEntry(sandboxCardPage, async ({ reply, input }) => {
      const session = await gateway().liveSession((input.session ?? '').slice(0, 100));
      framedPageHeaders(reply);
      if (session?.state !== 'pending') {
        return reply
          .code(410)
          .send(
            '<!doctype html><html lang="en"><title>Card details</title><p>This card session has expired. Close the dialog and try again.</p></html>',
          );
      }
      return reply.send(page(session.id, session.parent_origin));
    }),
    handleEntry(sandboxChallengePage, async ({ reply, input }) => {
      const open = await gateway().liveChallenge((input.session ?? '').slice(0, 100));
      framedPageHeaders(reply);
      if (!open) {
        return reply
          .code(410)
          .send(
            '<!doctype html><html lang="en"><title>3-D Secure check</title><p>This check has ended. Close the dialog and try again.</p></html>',
          );
      }
      return reply.send(challengePage(open.session.id, open.session.parent_origin, open.amount));
    }),
    handleEntry(
      sandboxCardEnter,
      async ({ reply, input }) => {
        const { session, ...entry } = input;
        const answer = await gateway().enterCard(session, entry);
        return answer ? reply.header('cache-control', 'no-store').send(answer) : gone(reply);
      },
      { refuseInput: (reply) => reply.code(400).send({ state: 'invalid', response_text: 'Please fill in every field' }) },
    ),
    handleEntry(
      sandboxCardChallenge,
      async ({ reply, input }) => {
        const answer = await gateway().answerChallenge(input.session, input.passed);
        return answer ? reply.send(answer) : gone(reply);
      },
      { refuseInput: (reply) => reply.code(400).send({ state: 'invalid', response_text: 'Please answer the check' }) },
    ),
  ];
}
