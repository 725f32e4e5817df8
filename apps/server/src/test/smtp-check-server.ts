import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** An SMTP server that wants AUTH, for the hosted settings' SMTP test (docs/decisions/0053). */
export interface SmtpCheckServer {
  port: number;
  security: 'tls' | 'starttls' | 'plain';
  /** The user names that signed in successfully. */
  logins: string[];
  close(): Promise<void>;
}

/**
 * tls: TLS from the first byte; starttls: plain, then STARTTLS before AUTH; plain: AUTH in the clear. TLS uses
 * smtp-server's own self-signed certificate, so a client must accept an invalid certificate to pass. Mail is refused.
 */
export async function startSmtpCheckServer(o: {
  security: 'tls' | 'starttls' | 'plain';
  username: string;
  password: string;
  port?: number;
  host?: string;
}): Promise<SmtpCheckServer> {
  const logins: string[] = [];
  const server = new SMTPServer({
    secure: o.security === 'tls',
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: o.security === 'plain',
    disabledCommands: o.security === 'plain' ? ['STARTTLS'] : [],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === o.username && auth.password === o.password) {
        logins.push(auth.username ?? '');
        return callback(null, { user: auth.username });
      }
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback(Object.assign(new Error('This server only checks sign-ins'), { responseCode: 550 })));
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, o.host ?? '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, security: o.security, logins, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
