// The sandbox issuer's 3-D Secure challenge for one charge. The customer's answer goes to the sandbox (never
// to the portal's API); the outcome is told to the framing portal page by postMessage, to its origin only.
(() => {
  const body = document.body;
  const session = body.dataset.session;
  const parentOrigin = body.dataset.parentOrigin;
  const buttons = document.getElementById('answers');
  const status = document.getElementById('status');

  function report(state, responseText) {
    if (window.parent !== window) {
      window.parent.postMessage({ source: 'sandbox-gateway', session, state, response_text: responseText || '' }, parentOrigin);
    }
  }

  function answer(passed) {
    buttons.hidden = true;
    status.textContent = 'Checking with your bank…';
    fetch('/sandbox-gateway/card/challenge', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, passed }),
      credentials: 'omit',
    })
      .then((res) => res.json().then((result) => ({ ok: res.ok, result })))
      .then(({ ok, result }) => {
        if (ok && result.state === 'passed') {
          status.textContent = 'Confirmed. Completing your payment…';
          report('passed', '');
        } else {
          status.textContent = result.response_text || 'The check failed.';
          report('failed', result.response_text || 'The check failed.');
        }
      })
      .catch(() => {
        status.textContent = 'The page could not reach your bank.';
        report('error', 'The page could not reach your bank.');
      });
  }

  document.getElementById('challenge-pass').addEventListener('click', () => answer(true));
  document.getElementById('challenge-fail').addEventListener('click', () => answer(false));
  document.getElementById('challenge-pass').focus();
  report('ready', '');
})();
