import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { PRELOAD_STALE_MS } from './query-client';
import { NotFoundMessage } from './not-found';
import { RouteError } from './route-error';
import { careersTestsRoute } from './routes/careers-tests';
import { scheduledJobsRoute } from './routes/scheduled-jobs';
import { featureVotingRoute } from './routes/feature-voting';
import { resourceRoute } from './routes/resource';
import { manageApiTokensRoute } from './routes/manage-api-tokens';
import { manageTopupOptionsRoute } from './routes/manage-topup-options';
import { downloadsRoute } from './routes/downloads';
import { manageDownloadsRoute } from './routes/manage-downloads';
import { oldVersionsRoute } from './routes/oldversions';
import { promoCampaignsRoute } from './routes/promo-campaigns';
import { manageServersRoute } from './routes/manage-servers';
import { manageStorageRoute } from './routes/manage-storage';
import { myServersRoute } from './routes/my-servers';
import { provisionServerRoute } from './routes/provision-server';
import { manageCometHostedRoute } from './routes/manage-comet-hosted';
import { manageTenantHostsRoute } from './routes/manage-tenant-hosts';
import { createServerRoute } from './routes/create-server';
import { myTicketsRoute } from './routes/mytickets';
import { raiseAlertRoute } from './routes/raise-alert';
import { supportRoute } from './routes/support';
import { ticketRoute } from './routes/ticket';
import { ticketsCreateRoute } from './routes/tickets-create';
import { completeSignupRoute } from './routes/complete-signup';
import { dashboardRoute } from './routes/dashboard';
import { dashboardAdminRoute } from './routes/dashboard-admin';
import { dashboardDistributorRoute } from './routes/dashboard-distributor';
import { forgotPasswordRoute } from './routes/forgot-password';
import { fullUsageHistoryRoute } from './routes/full-usage-history';
import { indexRoute } from './routes/index';
import { loginRoute } from './routes/login';
import { manageEmailTemplatesRoute } from './routes/manage-email-templates';
import { myActiveServicesRoute } from './routes/my-active-services';
import { myPlanRoute } from './routes/my-plan';
import { addStorageRoute } from './routes/add-storage';
import { cloudviewRoute } from './routes/cloudview';
import { storageWasabiRoute } from './routes/storage-wasabi';
import { myaccountRoute } from './routes/myaccount';
import { myaccountVerificationRoute } from './routes/myaccount-verification';
import { passphraseRoute } from './routes/passphrase';
import { paymentMethodsRoute } from './routes/payment-methods';
import { autoPaymentRoute } from './routes/auto-payment';
import { mybillRoute } from './routes/mybill';
import { viewCustomInvoiceRoute } from './routes/view-custom-invoice';
import { pendingDeleteRoute } from './routes/pending-delete';
import { publicRoute } from './routes/public';
import { reportsRoute } from './routes/reports';
import { internalRoute } from './routes/internal';
import { reportsTvRoute } from './routes/reports-tv';
import { versionReportRoute } from './routes/report-customers-by-server-version';
import { reportsDistributorRoute } from './routes/reports-distributor';
import { rootRoute } from './routes/root';
import { securityQuestionsRoute } from './routes/security-questions';
import { setupTwoFactorRoute } from './routes/setup-two-factor';
import { signedInRoute } from './routes/signed-in';
import { topupRoute } from './routes/topup';
import { trackNewUsersRoute } from './routes/track-new-users';
import { updatePasswordRoute } from './routes/update-password';
import { usersRoute } from './routes/users';
import { verifyEmailRoute } from './routes/verify-email';

export const routeTree = rootRoute.addChildren([
  versionReportRoute,
  internalRoute.addChildren([reportsTvRoute]),
  publicRoute.addChildren([loginRoute, pendingDeleteRoute, forgotPasswordRoute, updatePasswordRoute, verifyEmailRoute]),
  signedInRoute.addChildren([
    indexRoute,
    dashboardRoute,
    dashboardDistributorRoute,
    dashboardAdminRoute,
    topupRoute,
    paymentMethodsRoute,
    autoPaymentRoute,
    mybillRoute,
    viewCustomInvoiceRoute,
    myPlanRoute,
    myActiveServicesRoute,
    fullUsageHistoryRoute,
    trackNewUsersRoute,
    usersRoute,
    manageEmailTemplatesRoute,
    careersTestsRoute,
    scheduledJobsRoute,
    resourceRoute,
    featureVotingRoute,
    manageTopupOptionsRoute,
    downloadsRoute,
    oldVersionsRoute,
    manageDownloadsRoute,
    promoCampaignsRoute,
    myServersRoute,
    createServerRoute,
    manageServersRoute,
    manageStorageRoute,
    provisionServerRoute,
    manageCometHostedRoute,
    manageTenantHostsRoute,
    manageApiTokensRoute,
    addStorageRoute,
    cloudviewRoute,
    storageWasabiRoute,
    supportRoute,
    myTicketsRoute,
    ticketsCreateRoute,
    raiseAlertRoute,
    reportsRoute,
    reportsDistributorRoute,
    ticketRoute,
    myaccountRoute,
    myaccountVerificationRoute,
    completeSignupRoute,
    setupTwoFactorRoute,
    passphraseRoute,
    securityQuestionsRoute,
  ]),
]);

/** `history` is for tests (memory history); the app uses the browser's. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    // The spec: preload on intent, 5 s stale time, restore scroll position.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: PRELOAD_STALE_MS,
    scrollRestoration: true,
    defaultErrorComponent: RouteError,
    // An unknown address matches only the root, whose notFoundComponent puts the message in the right layout;
    // a route that throws notFound() shows the message inside its own layout.
    notFoundMode: 'fuzzy',
    defaultNotFoundComponent: NotFoundMessage,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
