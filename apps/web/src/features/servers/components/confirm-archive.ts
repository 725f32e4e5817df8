import { confirmYesNo } from '../../../components/confirm/confirm-yes-no';

/** The question before a licence is archived, the same on the customer's servers page and in the company dialog. */
export function confirmArchive(name: string): Promise<boolean> {
  return confirmYesNo({ title: `Archive ${name}?`, message: 'The server using it stops working and it is no longer billed.' });
}
