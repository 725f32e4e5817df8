// The sandbox feature voting board's script: votes through the board's own endpoint with the sign-in
// token it was opened with, and answers the portal's height questions so the frame fits its content.
(() => {
  const body = document.body;
  const token = body.dataset.token;
  const parentOrigin = body.dataset.parentOrigin;
  const status = document.getElementById('status');

  window.addEventListener('message', (event) => {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    if (event.data && event.data.type === 'feature-board:height?') {
      window.parent.postMessage({ type: 'feature-board:height', height: document.documentElement.scrollHeight }, parentOrigin);
    }
  });

  for (const button of document.querySelectorAll('button[data-idea]')) {
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        const res = await fetch('/sandbox-feature-board/vote', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ssoToken: token, idea_id: Number(button.dataset.idea) }),
        });
        const answer = await res.json();
        if (!res.ok) {
          status.textContent = answer.message || 'Your vote could not be saved.';
          return;
        }
        const verb = answer.voted ? 'Voted' : 'Vote';
        const title = document.getElementById(`idea-${button.dataset.idea}`).textContent;
        const tally = button.parentElement;
        tally.querySelector('.count').textContent = String(answer.votes);
        tally.querySelector('.unit').textContent = answer.votes === 1 ? 'vote' : 'votes';
        button.setAttribute('aria-pressed', String(answer.voted));
        button.setAttribute('aria-label', `${verb}: ${title}`);
        button.textContent = verb;
        status.textContent = answer.voted ? `Voted for ${title}.` : `Vote for ${title} taken back.`;
      } catch {
        status.textContent = 'Your vote could not be saved.';
      } finally {
        button.disabled = false;
        button.focus();
      }
    });
  }
})();
