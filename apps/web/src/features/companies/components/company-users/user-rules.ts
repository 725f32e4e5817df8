import type { CompanyUser } from '@portal/contract/companies/company-detail';

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The server refuses both; the button says so before the user tries. */
export function canDeleteUser(user: Pick<CompanyUser, 'email' | 'is_primary_contact'>, currentEmail: string): boolean {
  return !user.is_primary_contact && !sameEmail(user.email, currentEmail);
}

/**
 * Whether the signed-in user may change this user's password and email, as the server rules it, so the
 * form does not offer what will be refused: one's own always; the primary contact's only by themselves;
 * another user's by the company's primary contact. Someone outside the company (an admin, a
 * distributor) is not in the list: the server decides for them.
 */
export function canChangeSignIn(
  user: Pick<CompanyUser, 'id' | 'is_primary_contact'>,
  companyUsers: readonly Pick<CompanyUser, 'id' | 'email' | 'is_primary_contact'>[],
  currentEmail: string,
): boolean {
  const me = companyUsers.find((u) => sameEmail(u.email, currentEmail));
  if (me?.id === user.id) return true;
  if (user.is_primary_contact) return false;
  return me ? me.is_primary_contact : true;
}
