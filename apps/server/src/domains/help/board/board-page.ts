import fs from 'node:fs';
import { SANDBOX_BOARD_PATH, sandboxBoardPage, sandboxBoardVote } from '@portal/contract/help/board-entries';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { framedPageHeaders, serveFramedPageScript } from '../../../platform/framed-page.ts';
import { escapeHtml } from '../../../platform/mail.ts';
import { codeFile } from '../../../paths.ts';
import type { AppDeps } from '../../../platform/handle.ts';
import { handleEntry, registerEntries } from '../../../platform/entry.ts';
import { type BoardIdea, listBoardIdeas, toggleBoardVote } from '../queries.ts';
import { verifyBoardToken } from '../sso.ts';

export { SANDBOX_BOARD_PATH } from '@portal/contract/help/board-entries';

/** The page's script, served as a file: the content security policy allows no inline script. */
const SCRIPT = fs.readFileSync(codeFile('domains/help/board/board.js'), 'utf8');

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; padding: 16px; color: #1a1b1e; background: #fff; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  .who { margin: 0 0 16px; color: #495057; font-size: 14px; }
  ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px; }
  li { display: grid; grid-template-columns: 80px 1fr; gap: 12px; border: 1px solid #dee2e6; border-radius: 6px; padding: 12px; }
  h2 { font-size: 16px; margin: 0 0 4px; }
  .tally { display: grid; gap: 4px; justify-items: center; font-size: 13px; color: #495057; }
  .count { font-size: 18px; color: #1a1b1e; }
  p { margin: 0; }
  button { font: inherit; font-size: 14px; border: 1px solid #1864ab; border-radius: 6px; background: #fff; color: #1864ab; cursor: pointer; padding: 4px 10px; }
  button[aria-pressed="true"] { background: #1864ab; color: #fff; }
  button:focus-visible, a:focus-visible { outline: 2px solid #1c7ed6; outline-offset: 2px; }
  a { color: #1864ab; }
  #status { min-height: 1.4em; margin-top: 12px; }`;

function ideaItem(idea: BoardIdea): string {
  const verb = idea.voted ? 'Voted' : 'Vote';
  return `<li><div class="tally"><strong class="count">${idea.votes}</strong> <span class="unit">${idea.votes === 1 ? 'vote' : 'votes'}</span>
<button type="button" data-idea="${idea.id}" aria-pressed="${idea.voted}" aria-label="${verb}: ${escapeHtml(idea.title)}">${verb}</button></div>
<div><h2 id="idea-${idea.id}">${escapeHtml(idea.title)}</h2><p>${escapeHtml(idea.details)}</p></div></li>`;
}

function page(body: string, parentOrigin: string, token = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Feature voting</title><style>${STYLE}</style></head>
<body data-token="${escapeHtml(token)}" data-parent-origin="${escapeHtml(parentOrigin)}">
<main>${body}</main>
<p id="status" role="status" aria-live="polite"></p>
<script src="${SANDBOX_BOARD_PATH}/board.js"></script>
</body>
</html>`;
}

/**
 * The local feature voting board (docs/decisions/0033): what a third-party board does with the portal's
 * sign-in token, served beside the portal. It trusts the token and nothing else: no portal cookie, no
 * portal table. Paths under it narrow the list: /ideas/<id> shows one idea.
 */
export function registerSandboxBoard(app: FastifyInstance, deps: AppDeps): void {
  const parentOrigin = new URL(deps.config.PUBLIC_URL).origin;
  serveFramedPageScript(app, `${SANDBOX_BOARD_PATH}/board.js`, SCRIPT);
  const show = async (reply: FastifyReply, ssoToken: string | undefined, boardPath: string) => {
    framedPageHeaders(reply);
    const token = String(ssoToken ?? '').slice(0, 4000);
    const user = await verifyBoardToken(deps.config, token, deps.clock.now());
    if (!user) {
      return reply
        .code(401)
        .send(page('<h1>Feature voting</h1><p>Your sign-in link has expired. Reload the page to sign in again.</p>', parentOrigin));
    }
    const one = /^ideas\/(\d{1,15})\/?$/.exec(boardPath);
    const ideas = (await listBoardIdeas(deps.db, user.id)).filter((i) => !one || i.id === Number(one[1]));
    const list = ideas.length ? `<ol>${ideas.map(ideaItem).join('')}</ol>` : '<p>No ideas found.</p>';
    const back = one ? `<p><a href="${SANDBOX_BOARD_PATH}/?ssoToken=${encodeURIComponent(token)}">All ideas</a></p>` : '';
    return reply.send(
      page(
        `<h1>Feature voting</h1><p class="who">Signed in as ${escapeHtml(user.name)} (${escapeHtml(user.email)})</p>${back}${list}`,
        parentOrigin,
        token,
      ),
    );
  };
  registerEntries(
    app,
    [
      handleEntry(sandboxBoardPage, ({ reply, input }) => show(reply, input.ssoToken, input.board_path)),
      handleEntry(
        sandboxBoardVote,
        async ({ reply, input }) => {
          const user = await verifyBoardToken(deps.config, input.ssoToken, deps.clock.now());
          if (!user) return reply.code(401).send({ message: 'Your sign-in link has expired. Reload the page to sign in again.' });
          const result = await toggleBoardVote(deps.db, input.idea_id, user.id, deps.clock.now());
          return result ? reply.header('cache-control', 'no-store').send(result) : reply.code(404).send({ message: 'No such idea' });
        },
        { refuseInput: (reply) => reply.code(400).send({ message: 'Invalid vote' }) },
      ),
    ],
    deps,
  );
}
