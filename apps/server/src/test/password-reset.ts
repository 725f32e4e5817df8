import { forgotPassword, getBotChallenge } from '@portal/contract/account/password';
import { solveChallenge } from 'altcha-lib/v1';
import { TestClient, type TestContext } from './harness.ts';
import { lastMailTo, linkIn, waitForMailTo } from './mail.ts';

/** What the ALTCHA widget does in the page: fetch a challenge, find the number, send the payload. */
export async function solveBotCheck(client: TestClient): Promise<string> {
  const c = (await client.call(getBotChallenge, {})).data as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  if (!solution) throw new Error('challenge not solved');
  const payload = { algorithm: c.algorithm, challenge: c.challenge, number: solution.number, salt: c.salt, signature: c.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** Asks for a reset link as a person would and returns the token from the mail. */
export async function requestReset(t: TestContext, email: string): Promise<string> {
  const client = new TestClient(t.app);
  const before = (await lastMailTo(t.db, email))?.id ?? 0;
  const res = await client.call(forgotPassword, { target_user: email, recaptcha: await solveBotCheck(client) });
  if (res.status !== 'ok') throw new Error(`forgot_password answered ${JSON.stringify(res)}`);
  const token = linkIn(await waitForMailTo(t.db, email, before), '/update_password').searchParams.get('t');
  if (!token) throw new Error('no token in the reset link');
  return token;
}
