import { adminCompanyList } from '@portal/contract/companies/admin-company-list';
import { adminCreateCompany, distributorCreateCompany } from '@portal/contract/companies/company-create';
import { adminDescribeCompany, distributorDescribeCompany } from '@portal/contract/companies/company-describe';
import { convertToPaid, deleteCompany, migrateCompany, reactivateCompany } from '@portal/contract/companies/company-lifecycle';
import { companyEventList, distributorListCompanies, listDistributors, listSales } from '@portal/contract/companies/company-lookups';
import { adminPatchCompany, distributorPatchCompany } from '@portal/contract/companies/company-patch';
import { adminLiftSuspension, adminSuspendCompany, getSuspension } from '@portal/contract/companies/company-suspension';
import {
  addDistributorRegion,
  distributorListRegions,
  distributorRegionList,
  getDistributorSettings,
  listRegions,
  patchDistributorSettings,
  removeDistributorRegion,
} from '@portal/contract/companies/distributor-settings';
import { handle } from '../../platform/handle.ts';
import * as admin from './administration.ts';
import * as creation from './create-company.ts';
import * as distributors from './distributors.ts';
import * as lifecycle from './lifecycle.ts';
import * as service from './service.ts';
import * as suspension from './suspension.ts';

export const companyHandlers = [
  handle(adminCompanyList, (input, ctx) => service.listForAdmin(ctx, input), { readOnly: true }),
  handle(adminDescribeCompany, (input, ctx) => admin.describe(ctx, input)),
  handle(distributorDescribeCompany, (input, ctx) => admin.describe(ctx, input)),
  handle(adminPatchCompany, (input, ctx) => admin.patch(ctx, input)),
  handle(distributorPatchCompany, (input, ctx) => admin.patch(ctx, input)),
  handle(adminCreateCompany, (input, ctx) => creation.adminCreate(ctx, input)),
  handle(distributorCreateCompany, (input, ctx) => creation.distributorCreate(ctx, input)),
  handle(convertToPaid, (input, ctx) => lifecycle.convertToPaid(ctx, input)),
  handle(deleteCompany, (input, ctx) => lifecycle.deleteCompany(ctx, input)),
  handle(reactivateCompany, (input, ctx) => lifecycle.reactivate(ctx, input)),
  handle(migrateCompany, (input, ctx) => lifecycle.migrate(ctx, input)),
  handle(getSuspension, (_input, ctx) => suspension.mine(ctx), { readOnly: true }),
  handle(adminSuspendCompany, (input, ctx) => suspension.suspend(ctx, input)),
  handle(adminLiftSuspension, (input, ctx) => suspension.lift(ctx, input)),
  handle(listDistributors, (_input, ctx) => distributors.listDistributors(ctx)),
  handle(listSales, (_input, ctx) => admin.listSales(ctx)),
  handle(companyEventList, (input, ctx) => distributors.listEvents(ctx, input)),
  handle(distributorListCompanies, (input, ctx) => distributors.listSubAccounts(ctx, input), { readOnly: true }),
  handle(getDistributorSettings, (input, ctx) => distributors.getSettings(ctx, input)),
  handle(patchDistributorSettings, (input, ctx) => distributors.patchSettings(ctx, input)),
  handle(listRegions, async () => distributors.allRegions(), { readOnly: true }),
  handle(distributorListRegions, (input, ctx) => distributors.regionsForCompany(ctx, input)),
  handle(distributorRegionList, (input, ctx) => distributors.listRegions(ctx, input)),
  handle(addDistributorRegion, (input, ctx) => distributors.addRegion(ctx, input)),
  handle(removeDistributorRegion, (input, ctx) => distributors.removeRegion(ctx, input)),
];
