import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { handle } from '../../platform/handle.ts';
import * as service from './service.ts';

export const companyHandlers = [handle(adminCompanyList, (input, { db }) => service.listForAdmin(db, input), { readOnly: true })];
