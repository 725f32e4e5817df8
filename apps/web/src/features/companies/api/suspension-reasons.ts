import type { Suspension } from '@portal/contract/companies/company-suspension';
import { formatCents } from '../../../lib/money';

/** The one thing that brings a suspended account back (docs/decisions/0087). */
export type SuspensionHelp = 'add_credit' | 'choose_plan' | 'contact_support';

/** What a suspended company's users read about why, and which action helps. */
export function explainSuspension(suspension: Suspension): { message: string; help: SuspensionHelp } {
  switch (suspension.reason) {
    case 'out_of_credit':
      return {
        message: `Your account is suspended because it has run out of credit: your balance is ${formatCents(suspension.balance)}. Add credit and your services resume as soon as the payment goes through.`,
        help: 'add_credit',
      };
    case 'trial_ended':
      return { message: 'Your trial ended before a plan was chosen. Choose a plan to resume your services.', help: 'choose_plan' };
    case 'staff':
      return {
        message: suspension.note
          ? `Your account was suspended by our staff: ${suspension.note}. Contact support to resume it; a payment does not.`
          : 'Your account was suspended by our staff. Contact support to resume it; a payment does not.',
        help: 'contact_support',
      };
  }
}
