import type { z } from 'zod';
import type { Capability, Role } from './roles.ts';
import type { TokenPermission } from './token-permissions.ts';

/**
 * Who may make a call. `public` calls need no session (login, error reports).
 * Otherwise the caller needs one of `roles` ('any' = any signed-in user) and,
 * when given, the capability. Company scoping is checked again by the service.
 */
export type Access =
  | { public: true }
  | {
      roles: readonly Role[];
      capability?: Capability;
      /**
       * Open to a user whose company requires two-factor before they have set it up: the calls the
       * setup pages need. Every other call refuses them until then.
       */
      beforeTwoFactorSetup?: true;
      /**
       * Changes how the caller signs in (password, second factors, recovery, sessions): an admin
       * signed in as the user is refused.
       */
      selfOnly?: true;
    };

export interface CallDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType, A extends Access = Access> {
  path: `/api/v1/${string}`;
  summary: string;
  input: I;
  output: O;
  access: A;
  /**
   * List calls whose current query can be downloaded with `?format=csv|xlsx`, as `<fileName>.csv|xlsx`: a
   * name that says what the file holds ("usage-history"), not the call's path.
   */
  exportable?: { fileName: string };
  /**
   * Answers a file: the JSON answer carries it (`pdf_base64`), and `GET <path>?<input>` sends the file itself
   * so a link can open it in a new tab (docs/decisions/0029).
   */
  file?: 'pdf';
  /**
   * Answers a CSV or XLSX file streamed from the database: `GET <path>?<input>` sends the file (a form
   * submit or a link opens it), the POST answers its name (docs/decisions/0062).
   */
  download?: true;
  /**
   * A refused attempt still leaves a trace: failed sign-in counters and their audit events are
   * written even when the call answers with an error (sign-in, re-checks).
   */
  auditsRefusals?: true;
  /**
   * The API token permission that opens this call to a token (`auth_type=token`); without one no token
   * reaches it (docs/decisions/0030). The caller's own access still applies.
   */
  tokenPermission?: TokenPermission;
  /**
   * When the call answers 409 Conflict: the state it meets is not the one the caller acted on (a merged ticket, a
   * comment's page that is out of date, a payment still unanswered). The API document lists it for the call.
   */
  conflict?: string;
  /** A valid input for generated tests when the schema alone cannot produce one. */
  example?: z.input<I>;
}

export type Call = CallDefinition<z.ZodObject, z.ZodType, Access>;
export type CallInput<C extends Call> = z.input<C['input']>;
export type CallData<C extends Call> = z.output<C['input']>;
export type CallOutput<C extends Call> = z.output<C['output']>;

/** Keeps the access literal in the call's type, so a handler of a non-public call gets a non-null actor. */
export function defineCall<I extends z.ZodObject, O extends z.ZodType, A extends Access>(
  call: CallDefinition<I, O, A>,
): CallDefinition<I, O, A> {
  return call;
}

export function isPublic(access: Access): access is { public: true } {
  return 'public' in access;
}
