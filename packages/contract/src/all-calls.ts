import { getAccountSettings, setAccountSettings, setupAccount } from './account/account-settings.ts';
import { changePassword, forgotPassword, getBotChallenge, resendVerificationEmail, resetPassword } from './account/password.ts';
import { sendCareerTests } from './admin-tools/career-tests.ts';
import { requestLogList } from './admin-tools/request-log-list.ts';
import { scheduledJobList } from './admin-tools/scheduled-jobs.ts';
import { getAuthContext } from './auth/auth-context.ts';
import { endImpersonation, impersonate } from './auth/impersonate.ts';
import { login, logout } from './auth/login.ts';
import { listSessions, reauthenticate, revokeSession } from './auth/sessions.ts';
import { getCompanySso, setCompanySso } from './auth/sso.ts';
import { getActiveServices } from './billing/active-services.ts';
import {
  adminCreateDownload,
  adminCreateDownloadPresignedUrl,
  adminDescribeDownload,
  adminListDownloadsAll,
  adminPatchDownload,
  createServerPage,
  downloadsMeta,
  listDownloads,
} from './downloads/downloads.ts';
import { adminCreateCreditPack, adminExpireCreditPack, adminListCreditPacks, listCreditPacks } from './billing/credit-packs.ts';
import { adminDailyStatsList } from './billing/daily-stats.ts';
import { listPlans, selectPlan } from './billing/plans.ts';
import { balanceHistory, creditSummary } from './billing/summary.ts';
import { listEligibleTrialRefunds, listTrialRefundHistory } from './billing/trial-refunds.ts';
import { billingHistory, userMyUsageTable } from './billing/usage.ts';
import { adminCompanyList } from './companies/admin-company-list.ts';
import {
  dailyGeneralReport,
  enterpriseDeals,
  reportBalances,
  reportCommission,
  reportConsumption,
  reportCustomersByServerVersion,
  reportFeedbacks,
  reportAnalyticsLinks,
  reportNebula,
  reportServerFeatures,
  reportTickets,
} from './reports/downloads.ts';
import { churnTracking } from './reports/churn.ts';
import { adminCompaniesOnServerVersion } from './reports/server-version.ts';
import { reportsLive } from './reports/tv.ts';
import { currentMonth } from './reports/current-month.ts';
import {
  companyUsageByMonth,
  distributorUsageV2,
  getDistributorCommission,
  setDistributorCommission,
} from './reports/distributor-usage.ts';
import { adminUsageReport } from './reports/customer-usage.ts';
import { cloudviewEnable, cloudviewGenerateLoginCredentials, cloudviewStatus, cloudviewTerminate } from './customer-portal/cloudview.ts';
import { adminCreateCompany, distributorCreateCompany } from './companies/company-create.ts';
import { adminDescribeCompany, distributorDescribeCompany } from './companies/company-describe.ts';
import { convertToPaid, deleteCompany, migrateCompany, reactivateCompany } from './companies/company-lifecycle.ts';
import { adminLiftSuspension, adminSuspendCompany, getSuspension } from './companies/company-suspension.ts';
import { companyEventList, distributorListCompanies, listDistributors, listSales } from './companies/company-lookups.ts';
import { adminPatchCompany, distributorPatchCompany } from './companies/company-patch.ts';
import {
  addDistributorRegion,
  distributorListRegions,
  distributorRegionList,
  getDistributorSettings,
  listRegions,
  patchDistributorSettings,
  removeDistributorRegion,
} from './companies/distributor-settings.ts';
import {
  authorizePaymentMethod,
  completePaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  setDefaultPaymentMethod,
} from './payments/cards.ts';
import { autoPaymentConfigure, autoPaymentPage } from './payments/auto-payment.ts';
import { chargePaymentMethod } from './payments/charges.ts';
import {
  adminCompanyInvoices,
  createInvoice,
  newCustomInvoiceDialog,
  previewInvoice,
  processCustomInvoiceDialog,
  processInvoice,
  viewCustomInvoice,
  voidInvoice,
} from './payments/invoices.ts';
import { adminCompanySavedCards, adminCompanyTransactions, downloadInvoice, listTransactions } from './payments/transactions.ts';
import {
  adminCreatePromoCode,
  adminDeletePromoCode,
  adminEditPromoCode,
  adminListPromoCodes,
  redeemPromoCode,
} from './payments/promo-codes.ts';
import { adminDeleteTopupOption, adminEditTopupOption, adminListTopupOptions, listTopups } from './payments/topup-options.ts';
import { featureVotingSso, listResources } from './help/resources.ts';
import { previewDebugEmail } from './notifications/email-preview.ts';
import { getOrCreatePassphrase } from './security/passphrase.ts';
import { getSecurityQuestions, setSecurityQuestions } from './security/security-questions.ts';
import { disableTwoFactor, enableTotp, enableWebauthn, getTwoFactor, requestWebauthnChallenge } from './security/two-factor.ts';
import {
  archiveLicense,
  createLicense,
  deleteLicense,
  getSerialLogs,
  relaxLicense,
  setLicenseFavourite,
  setLicenseLockState,
  setLicenseName,
  unarchiveLicense,
} from './servers/licences.ts';
import {
  adminHostedList,
  devTenantHosts,
  hostedCreate,
  hostedDelete,
  hostedDescribe,
  hostedDescribeAsyncTask,
  hostedListAsyncTasks,
  hostedListRegions,
  hostedSetFavourite,
  hostedSetName,
} from './servers/hosted.ts';
import {
  hostedCheckEmailVerification,
  hostedConfirmSenderEmail,
  hostedResendVerificationEmail,
  hostedTestSmtpCredentials,
  hostedUpdateBranding,
  hostedValidateMailFromDns,
} from './servers/hosted-settings.ts';
import { adminServerLicenseTable, adminSetLicensePayload, licenseCheckIn, userMyServersTable } from './servers/server-tables.ts';
import type { Call } from './shared/define-call.ts';
import { acknowledgeAlert, raiseAlert } from './tickets/alerts.ts';
import { createTicket, ticketsCreatePage } from './tickets/ticket-create.ts';
import { adminTicketsList, ticketsList } from './tickets/ticket-lists.ts';
import { exportTicketPdf, mergeTicket, ticketMergeCandidates } from './tickets/ticket-merge.ts';
import {
  addTag,
  changeTagColor,
  closeTicket,
  createTicketNote,
  deleteTicketNote,
  listAvailableAssignees,
  listTags,
  removeTag,
  reopenTicket,
  setAssignees,
  setEscalation,
  setPriority,
  setReminderPeriod,
  setStatus,
  setTopic,
  updateTicketNote,
} from './tickets/ticket-staff.ts';
import { adminTicketsViewPage, createComment, getTicketHash, previewComment, ticketsViewPage } from './tickets/ticket-view.ts';
import { createUser, deleteUser, listCompanyUsers, patchUser } from './users/company-users.ts';
import { createToken, listTokenActions, listTokens, revokeToken } from './tokens/tokens.ts';
import { submitErrorReport } from './web/submit-error-report.ts';
import {
  storageAccountGet,
  storageActiveRegions,
  storageCreateBucket,
  storageDeleteBucket,
  storageDisable,
  storageEnable,
  storageListBuckets,
  storageRotateKeys,
} from './storage/storage.ts';
import { adminStorageList } from './storage/manage-storage.ts';
import { storageUsageGet, storageUsageReport } from './storage/usage.ts';

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
  scheduledJobList,
  previewDebugEmail,
  sendCareerTests,
  listResources,
  featureVotingSso,
  ticketsCreatePage,
  createTicket,
  ticketsViewPage,
  adminTicketsViewPage,
  getTicketHash,
  previewComment,
  createComment,
  createTicketNote,
  updateTicketNote,
  deleteTicketNote,
  setTopic,
  setStatus,
  setPriority,
  setEscalation,
  setReminderPeriod,
  closeTicket,
  reopenTicket,
  listTags,
  addTag,
  removeTag,
  changeTagColor,
  listAvailableAssignees,
  setAssignees,
  ticketsList,
  adminTicketsList,
  raiseAlert,
  acknowledgeAlert,
  ticketMergeCandidates,
  mergeTicket,
  exportTicketPdf,
  adminDescribeCompany,
  distributorDescribeCompany,
  adminPatchCompany,
  distributorPatchCompany,
  adminCreateCompany,
  distributorCreateCompany,
  convertToPaid,
  deleteCompany,
  reactivateCompany,
  migrateCompany,
  getSuspension,
  adminSuspendCompany,
  adminLiftSuspension,
  listDistributors,
  listSales,
  companyEventList,
  distributorListCompanies,
  getDistributorSettings,
  patchDistributorSettings,
  listRegions,
  distributorListRegions,
  distributorRegionList,
  addDistributorRegion,
  removeDistributorRegion,
  listCompanyUsers,
  createUser,
  patchUser,
  deleteUser,
  listSessions,
  revokeSession,
  reauthenticate,
  getCompanySso,
  setCompanySso,
  getBotChallenge,
  forgotPassword,
  resetPassword,
  changePassword,
  resendVerificationEmail,
  getAccountSettings,
  setAccountSettings,
  setupAccount,
  getTwoFactor,
  enableTotp,
  requestWebauthnChallenge,
  enableWebauthn,
  disableTwoFactor,
  getOrCreatePassphrase,
  getSecurityQuestions,
  setSecurityQuestions,
  createLicense,
  setLicenseName,
  setLicenseFavourite,
  relaxLicense,
  setLicenseLockState,
  archiveLicense,
  unarchiveLicense,
  deleteLicense,
  getSerialLogs,
  userMyServersTable,
  adminServerLicenseTable,
  adminSetLicensePayload,
  licenseCheckIn,
  hostedCreate,
  hostedListAsyncTasks,
  hostedDescribeAsyncTask,
  hostedListRegions,
  hostedSetName,
  hostedSetFavourite,
  hostedDelete,
  hostedDescribe,
  hostedUpdateBranding,
  hostedTestSmtpCredentials,
  hostedValidateMailFromDns,
  hostedCheckEmailVerification,
  hostedResendVerificationEmail,
  hostedConfirmSenderEmail,
  adminHostedList,
  devTenantHosts,
  listPlans,
  selectPlan,
  listCreditPacks,
  getActiveServices,
  userMyUsageTable,
  billingHistory,
  creditSummary,
  balanceHistory,
  adminDailyStatsList,
  adminListCreditPacks,
  adminCreateCreditPack,
  adminExpireCreditPack,
  listEligibleTrialRefunds,
  listTrialRefundHistory,
  adminListTopupOptions,
  adminEditTopupOption,
  adminDeleteTopupOption,
  listTopups,
  adminListPromoCodes,
  adminCreatePromoCode,
  adminEditPromoCode,
  adminDeletePromoCode,
  redeemPromoCode,
  listPaymentMethods,
  authorizePaymentMethod,
  completePaymentMethod,
  setDefaultPaymentMethod,
  deletePaymentMethod,
  chargePaymentMethod,
  autoPaymentPage,
  autoPaymentConfigure,
  listTransactions,
  downloadInvoice,
  adminCompanyTransactions,
  adminCompanySavedCards,
  previewInvoice,
  createInvoice,
  processInvoice,
  voidInvoice,
  viewCustomInvoice,
  adminCompanyInvoices,
  newCustomInvoiceDialog,
  processCustomInvoiceDialog,
  listTokenActions,
  createToken,
  listTokens,
  revokeToken,
  adminDescribeDownload,
  adminCreateDownload,
  adminCreateDownloadPresignedUrl,
  adminPatchDownload,
  adminListDownloadsAll,
  listDownloads,
  downloadsMeta,
  createServerPage,
  storageEnable,
  storageDisable,
  storageAccountGet,
  storageRotateKeys,
  storageUsageGet,
  storageUsageReport,
  storageActiveRegions,
  storageCreateBucket,
  storageListBuckets,
  storageDeleteBucket,
  adminStorageList,
  cloudviewStatus,
  cloudviewEnable,
  cloudviewGenerateLoginCredentials,
  cloudviewTerminate,
  adminUsageReport,
  churnTracking,
  dailyGeneralReport,
  enterpriseDeals,
  reportFeedbacks,
  reportNebula,
  reportCommission,
  reportBalances,
  reportConsumption,
  reportServerFeatures,
  reportTickets,
  reportCustomersByServerVersion,
  reportAnalyticsLinks,
  adminCompaniesOnServerVersion,
  reportsLive,
  currentMonth,
  distributorUsageV2,
  getDistributorCommission,
  setDistributorCommission,
  companyUsageByMonth,
];
