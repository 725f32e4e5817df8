/** The few parts of oidc-provider (a JavaScript package without types) the tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Grant {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  interface KoaContext {
    oidc: { client?: { clientId: string }; session?: { accountId?: string }; provider: Provider };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    Grant: new (init: {
      clientId: string;
      accountId: string;
    }) => Grant;
    proxy: boolean;
  }
  export type { KoaContext };
}
