import { StorageProviderError } from './types.ts';

/**
 * A client of the Wasabi Account Control API (WACA, formerly the Partner API), as documented at
 * https://docs.wasabi.com/apidocs/methods-with-wac-api (docs/decisions/0056):
 *
 * - every call carries the API key as the whole value of the standard `Authorization` header;
 * - 200 is success, any other status a failure "with a failure description in the JSON response";
 * - PUT /v1/accounts creates a sub-account (AcctName, an email address unique at Wasabi; IsTrial; Password;
 *   EnableFTP) and answers its AcctNum and the root user's AccessKey and SecretKey;
 * - POST /v1/accounts/<AcctNum> with ResetAccessKeys invalidates every key of the sub-account and issues one new
 *   key set to its root user;
 * - DELETE /v1/accounts/<AcctNum> marks it deleted ({"Msg": "OK"});
 * - GET /v1/accounts/<AcctNum>/utilizations[/buckets] answers daily records (latest=true: the most recent only).
 */
export interface WasabiSubAccount {
  AcctNum: number;
  AcctName: string;
  AccessKey: string;
  SecretKey: string;
  CreateTime?: string;
}

export interface WasabiBucketUtilization {
  AcctNum: number;
  Bucket: string;
  Region: string;
  StartTime: string;
  EndTime: string;
  CreateTime?: string;
  NumBillableObjects: number;
  NumBillableDeletedObjects: number;
  RawStorageSizeBytes: number;
  PaddedStorageSizeBytes: number;
  MetadataStorageSizeBytes: number;
  DeletedStorageSizeBytes: number;
  OrphanedStorageSizeBytes?: number;
}

export interface WasabiUtilization {
  AcctNum: number;
  StartTime: string;
  EndTime: string;
  RawStorageSizeBytes: number;
  PaddedStorageSizeBytes: number;
  MetadataStorageSizeBytes: number;
  DeletedStorageSizeBytes: number;
}

export class WasabiAccountApi {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}${path}`;
    let answer: Response;
    try {
      answer = await this.fetchFn(url, {
        method,
        headers: {
          authorization: this.apiKey,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new StorageProviderError(`Wasabi Account Control API unreachable: ${(err as Error).message}`);
    }
    const text = await answer.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (answer.status !== 200) throw new StorageProviderError(failureText(answer.status, json, text));
    return json as T;
  }

  createSubAccount(input: { AcctName: string; Password: string }): Promise<WasabiSubAccount> {
    return this.call('PUT', '/v1/accounts', {
      AcctName: input.AcctName,
      IsTrial: false,
      Password: input.Password,
      EnableFTP: false,
      PasswordResetRequired: false,
      SendPasswordResetToSubAccountEmail: false,
      AllowAccountDelete: false,
    });
  }

  /** New root keys; every earlier key of the sub-account stops working. */
  async resetAccessKeys(acctNum: string): Promise<{ AccessKey: string; SecretKey: string }> {
    const answer = await this.call<{ AccessKey?: string; SecretKey?: string }>('POST', `/v1/accounts/${enc(acctNum)}`, {
      ResetAccessKeys: true,
    });
    if (!answer?.AccessKey || !answer.SecretKey) throw new StorageProviderError('Wasabi answered the key reset without a key set');
    return { AccessKey: answer.AccessKey, SecretKey: answer.SecretKey };
  }

  async deleteSubAccount(acctNum: string): Promise<void> {
    await this.call('DELETE', `/v1/accounts/${enc(acctNum)}`);
  }

  bucketUtilizations(acctNum: string, o: { latest?: boolean; from?: string; to?: string } = {}): Promise<WasabiBucketUtilization[]> {
    return this.call('GET', `/v1/accounts/${enc(acctNum)}/utilizations/buckets${query(o)}`);
  }

  utilizations(acctNum: string, o: { latest?: boolean; from?: string; to?: string } = {}): Promise<WasabiUtilization[]> {
    return this.call('GET', `/v1/accounts/${enc(acctNum)}/utilizations${query(o)}`);
  }
}

const enc = (id: string) => encodeURIComponent(id);

function query(o: { latest?: boolean; from?: string; to?: string }): string {
  const q = new URLSearchParams();
  if (o.latest) q.set('latest', 'true');
  if (o.from) q.set('from', o.from);
  if (o.to) q.set('to', o.to);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The failure description in Wasabi's own words. The documentation promises a description in the JSON answer
 * without naming its field; the samples name the message `Msg` ({"Msg": "OK"}), so that comes first.
 */
function failureText(status: number, json: unknown, text: string): string {
  if (json && typeof json === 'object') {
    const o = json as Record<string, unknown>;
    for (const field of ['Msg', 'Message', 'message', 'error', 'Error']) {
      if (typeof o[field] === 'string' && o[field]) return `Wasabi: ${o[field]} (HTTP ${status})`;
    }
  }
  return `Wasabi: ${text.trim().slice(0, 200) || 'no description'} (HTTP ${status})`;
}
