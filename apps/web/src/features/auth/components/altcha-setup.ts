import 'altcha/external';
import 'altcha/altcha.css';
import ShaWorker from 'altcha/workers/sha?worker';
import { fetchBotChallengeResponse } from '../api';

// The external build ships no inline workers: ours are bundled files from this origin, which the
// Content-Security-Policy allows as they are. The server's challenges use the SHA family.
for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  $altcha.algorithms.set(algorithm, () => new ShaWorker());
}

// Every challenge the widget asks for comes through the contract's call, a fresh one each time.
$altcha.defaults.set({
  fetch: fetchBotChallengeResponse,
  hideFooter: true,
  hideLogo: true,
});
