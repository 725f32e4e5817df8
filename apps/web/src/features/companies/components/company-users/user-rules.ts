import type { CompanyUser } from '@portal/contract/companies/company-detail';

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The server refuses both; the button says so before the user tries. */
export function canDeleteUser(user: Pick<CompanyUser, 'email' | 'is_primary_contact'>, currentEmail: string): boolean {
  return !user.is_primary_contact && !sameEmail(user.email, currentEmail);
}
