// The sandbox processor's hosted card page. It posts the card to the sandbox (never to the portal's API)
// and tells the framing portal page the outcome by postMessage, addressed to the portal's origin only.
(() => {
  const body = document.body;
  const session = body.dataset.session;
  const parentOrigin = body.dataset.parentOrigin;
  const form = document.getElementById('card-form');
  const challenge = document.getElementById('challenge');
  const status = document.getElementById('status');
  const submit = document.getElementById('submit');

  function report(state, responseText) {
    if (window.parent !== window) {
      window.parent.postMessage({ source: 'sandbox-gateway', session, state, response_text: responseText || '' }, parentOrigin);
    }
  }

  function show(text) {
    status.textContent = text;
  }

  async function post(path, payload) {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session, ...payload }),
      credentials: 'omit',
    });
    if (!res.ok && res.status !== 400) throw new Error(`status ${res.status}`);
    return res.json();
  }

  function answer(result) {
    if (result.state === 'tokenized') {
      form.hidden = true;
      challenge.hidden = true;
      show('Card accepted. Checking with your bank…');
      report('tokenized', '');
    } else if (result.state === 'challenge') {
      form.hidden = true;
      challenge.hidden = false;
      show('');
      document.getElementById('challenge-pass').focus();
    } else if (result.state === 'invalid') {
      show(result.response_text);
      submit.disabled = false;
    } else {
      form.hidden = true;
      challenge.hidden = true;
      show(result.response_text);
      report('failed', result.response_text);
    }
  }

  function failed() {
    show('The card page could not reach the processor.');
    submit.disabled = false;
    report('error', 'The card page could not reach the processor.');
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.disabled = true;
    show('Processing…');
    const data = new FormData(form);
    post('/sandbox-gateway/card/enter', {
      number: String(data.get('number') || ''),
      expiry: String(data.get('expiry') || ''),
      cvc: String(data.get('cvc') || ''),
      name: String(data.get('name') || ''),
    })
      .then(answer)
      .catch(failed);
  });

  for (const [id, passed] of [
    ['challenge-pass', true],
    ['challenge-fail', false],
  ]) {
    document.getElementById(id).addEventListener('click', () => {
      post('/sandbox-gateway/card/challenge', { passed }).then(answer).catch(failed);
    });
  }
  report('ready', '');
})();
