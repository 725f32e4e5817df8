import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import { convertToPaid, deleteCompany, migrateCompany, reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { companyEventList, distributorListCompanies, listDistributors, listSales } from '@portal/contract/companies/company-lookups';
import { adminPatchCompany, distributorPatchCompany } from '@portal/contract/companies/company-patch';
import {
  addDistributorRegion,
  distributorListRegions,
  distributorRegionList,
  getDistributorSettings,
  listRegions,
  patchDistributorSettings,
  removeDistributorRegion,
} from '@portal/contract/companies/distributor-settings';
import { SERVER_REGIONS } from '@portal/contract/shared/plans';
import { signedIn } from '../../platform/access.ts';
import { handle } from '../../platform/handle.ts';
import * as users from '../users/service.ts';
import * as admin from './administration.ts';
import * as creation from './create-company.ts';
import * as distributors from './distributors.ts';
import * as lifecycle from './lifecycle.ts';
import * as service from './service.ts';

export const companyHandlers = [
  handle(adminCompanyList, (input, { db }) => service.listForAdmin(db, input), { readOnly: true }),
  handle(adminDescribeCompany, (input, { db, actor }) => admin.describe(db, signedIn(actor), input.target_id)),
  handle(distributorDescribeCompany, (input, { db, actor }) => admin.describe(db, signedIn(actor), input.target_id)),
  handle(adminPatchCompany, (input, { db, clock, actor }) => admin.patch(db, clock, signedIn(actor), input)),
  handle(distributorPatchCompany, (input, { db, clock, actor }) => admin.patch(db, clock, signedIn(actor), input)),
  handle(adminCreateCompany, (input, { db, clock, actor }) => creation.adminCreate(db, clock, signedIn(actor), input)),
  handle(distributorCreateCompany, (input, { db, clock, actor }) => creation.distributorCreate(db, clock, signedIn(actor), input)),
  handle(convertToPaid, (input, { db, clock, actor }) =>
    lifecycle.convertToPaid(db, clock, signedIn(actor), input.target_id).then(() => null),
  ),
  handle(deleteCompany, (input, { db, clock, actor }) => lifecycle.deleteCompany(db, clock, signedIn(actor), input)),
  handle(reactivateCompany, (input, { db, clock, actor }) => {
    const a = signedIn(actor);
    return lifecycle.reactivate(db, clock, a, input.target_company_id ?? a.companyId).then(() => null);
  }),
  handle(migrateCompany, (input, { db, clock, actor }) => lifecycle.migrate(db, clock, signedIn(actor), input)),
  handle(listDistributors, (_input, { db }) => distributors.listDistributors(db)),
  handle(listSales, (_input, { db }) => users.listSalesStaff(db)),
  handle(companyEventList, (input, { db, actor }) => distributors.listEvents(db, signedIn(actor), input)),
  handle(distributorListCompanies, (input, { db, actor }) => distributors.listSubAccounts(db, signedIn(actor), input), { readOnly: true }),
  handle(getDistributorSettings, (input, { db, actor }) => distributors.getSettings(db, signedIn(actor), input.target_id)),
  handle(patchDistributorSettings, (input, { db, clock, actor }) => distributors.patchSettings(db, clock, signedIn(actor), input)),
  handle(listRegions, async () => SERVER_REGIONS.map((r) => ({ code: r.code, name: r.name }))),
  handle(distributorListRegions, (input, { db, actor }) => distributors.regionsForCompany(db, signedIn(actor), input.target_company_id)),
  handle(distributorRegionList, (input, { db, actor }) => distributors.listRegions(db, signedIn(actor), input)),
  handle(addDistributorRegion, (input, { db, clock, actor }) => distributors.addRegion(db, clock, signedIn(actor), input)),
  handle(removeDistributorRegion, (input, { db, clock, actor }) => distributors.removeRegion(db, clock, signedIn(actor), input)),
];
