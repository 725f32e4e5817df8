import { requestLogList } from './admin-tools/request-log-list.ts';
import { getAuthContext } from './auth/auth-context.ts';
import { endImpersonation, impersonate } from './auth/impersonate.ts';
import { login, logout } from './auth/login.ts';
import { adminCompanyList } from './companies/admin-company-list.ts';
import type { Call } from './shared/define-call.ts';
import { submitErrorReport } from './web/submit-error-report.ts';

/**
 * Every call of the portal. The OpenAPI document, the authorization matrix and the
 * bad-input fuzz are generated from this list, so a call is covered the day it is added here.
 */
export const ALL_CALLS: readonly Call[] = [
  getAuthContext,
  login,
  logout,
  impersonate,
  endImpersonation,
  submitErrorReport,
  adminCompanyList,
  requestLogList,
];
