import { login } from '@portal/contract/auth/login';
import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, on } from '../test/fake-api';
import { call, defaultExportName, downloadExport } from './api-client';
import { ApiError } from './api-error';
import { readCsrfToken } from './csrf';

describe('readCsrfToken', () => {
  it('finds the portal_csrf cookie among others', () => {
    expect(readCsrfToken('a=1; portal_csrf=abc%3D; b=2')).toBe('abc=');
    expect(readCsrfToken('a=1; xportal_csrf=zzz')).toBeNull();
    expect(readCsrfToken('')).toBeNull();
  });

  it('finds the __Host- cookie an https deployment sets, and prefers it to a plain one planted beside it', () => {
    expect(readCsrfToken('a=1; __Host-portal_csrf=secure-token; b=2')).toBe('secure-token');
    expect(readCsrfToken('portal_csrf=planted; __Host-portal_csrf=secure-token')).toBe('secure-token');
    expect(readCsrfToken('__Host-portal_csrf=secure-token; portal_csrf=planted')).toBe('secure-token');
  });
});

/** A login answer with every field the contract requires. */
const answer = { auth_context: null, will_delete_at: null, webauthn_challenge: null, redirect_url: null };

describe('call', () => {
  it('posts JSON to the call path and returns the data', async () => {
    const api = fakeApi([on(login, () => ({ ...answer, type: 'password_required' as const }))]);
    const result = await call(login, { target_type: 'email', target_user: 'a@example.com' });
    expect(result.type).toBe('password_required');
    const [request] = api.requests;
    expect(request?.body).toEqual({ target_type: 'email', target_user: 'a@example.com' });
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-csrf-token']).toBeUndefined();
    expect(api.fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'same-origin' });
  });

  it('sends the CSRF cookie back in the x-csrf-token header once signed in', async () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('theme=dark; portal_csrf=token-123');
    const api = fakeApi([on(login, () => ({ ...answer, type: 'ok' as const }))]);
    await call(login, { target_type: 'email', target_user: 'a@example.com' });
    expect(api.requests[0]?.headers['x-csrf-token']).toBe('token-123');
  });

  it('sends the __Host- CSRF cookie of an https deployment', async () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('theme=dark; __Host-portal_csrf=token-456');
    const api = fakeApi([on(login, () => ({ ...answer, type: 'ok' as const }))]);
    await call(login, { target_type: 'email', target_user: 'a@example.com' });
    expect(api.requests[0]?.headers['x-csrf-token']).toBe('token-456');
  });

  it('throws an ApiError with the code, message and field errors of an error envelope', async () => {
    fakeApi([
      on(login, () => ({
        error: { code: 400, message: 'Please check the highlighted fields', fields: { target_user: 'Please enter a valid email address' } },
      })),
    ]);
    const failure = call(login, { target_type: 'email', target_user: 'x' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      code: 400,
      message: 'Please check the highlighted fields',
      fields: { target_user: 'Please enter a valid email address' },
    });
  });

  it('turns a reply that is not an envelope into an Internal Error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(call(login, { target_type: 'email', target_user: 'a@example.com' })).rejects.toMatchObject({
      code: 502,
      message: 'Internal Error',
    });
  });
});

describe('downloadExport', () => {
  it('posts the query to ?format= and saves the file under the server-given name', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response('id,name\n1,Acme\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="companies.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('companies.csv');
      expect(this.href).toBe('blob:export');
    });

    await downloadExport(adminCompanyList, { target_search_query: 'acme', target_company_states: ['TRIAL'] }, 'csv');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/admin/company/list?format=csv');
    expect(JSON.parse(String(init?.body))).toEqual({
      target_search_query: 'acme',
      target_company_states: ['TRIAL'],
    });
    expect(click).toHaveBeenCalledOnce();
  });

  it('throws the error envelope instead of saving it as a file', async () => {
    fakeApi([on(adminCompanyList, () => ({ error: { code: 403, message: 'You do not have permission to do that' } }))]);
    await expect(downloadExport(adminCompanyList, {}, 'xlsx')).rejects.toMatchObject({ code: 403 });
  });

  it('names the file after the call when the server gives no name', () => {
    expect(defaultExportName('/api/v1/admin/company/list', 'xlsx')).toBe('company-list.xlsx');
  });
});
