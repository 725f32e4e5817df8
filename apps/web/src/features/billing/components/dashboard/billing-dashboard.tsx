import { Alert, Stack } from '@mantine/core';
import { ACTIVE_SERVICES_PAGE_SIZE } from '@portal/contract/billing/active-services';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { CardSkeleton } from '../../../../components/page/page-skeleton';
import { errorMessage, isApiError } from '../../../../lib/api-error';
import { activeServicesQuery, creditSummaryQuery } from '../../api';
import { hasServers } from '../../lib/service-kinds';
import { AvailableCreditCard } from './available-credit-card';
import { CreditFigures } from './credit-figures';
import { LedgerCard } from './ledger-card';
import { GettingStartedCard, GuaranteeCard, NoPaymentCard } from './prompts';
import { ServicesCard } from './services-card';
import { TrialUsagePanel } from './trial-usage-panel';

type DashboardAuth = Pick<AuthContext, 'state' | 'has_saved_card' | 'customer_trial_length_days' | 'capabilities'>;

/** A refusal (403) means the company does not show this to its users (contract billing, a distributor's switch): no card, no error. */
const hidden = (error: unknown) => isApiError(error) && error.code === 403;

function useSummary() {
  return creditSummaryQuery.useQuery();
}

function useServices() {
  return activeServicesQuery.useQuery({ page: 1, page_size: ACTIVE_SERVICES_PAGE_SIZE });
}

/** A company that pays through a contract sees no balance, top-up or credit panels (spec-2 §6). */
function seesCredit(summary: {
  has_contract_billing: boolean;
  balance: number | null;
}): summary is { has_contract_billing: false; balance: number } {
  return !summary.has_contract_billing && summary.balance !== null;
}

/**
 * The top of the customer dashboard: getting started while no server runs, the 'No payment configured'
 * prompt, and the figures (days of credit left, latest usage, devices).
 */
export function BillingOverview({ auth }: { auth: DashboardAuth }) {
  const summary = useSummary();
  const services = useServices();
  if (summary.error) {
    if (hidden(summary.error)) return null;
    return (
      <Alert color="red" role="alert" title="Could not load your credit">
        {errorMessage(summary.error)}
      </Alert>
    );
  }
  if (!summary.data) return <CardSkeleton label="Loading your credit" lines={2} />;
  const data = summary.data;
  const credit = seesCredit(data);
  const runsServers = services.data ? services.data.total > ACTIVE_SERVICES_PAGE_SIZE || hasServers(services.data.rows) : true;
  const promptPayment =
    credit &&
    !auth.has_saved_card &&
    (auth.state === 'TRIAL' || auth.state === 'ACTIVE') &&
    auth.capabilities.includes('use_billing_pages');
  return (
    <Stack gap="lg">
      {!runsServers && <GettingStartedCard hasCredit={credit && data.balance > 0} />}
      {promptPayment && <NoPaymentCard state={auth.state} />}
      <CreditFigures summary={data} />
    </Stack>
  );
}

/** The main column: the ledger chart (not for contract billing) and the services table. */
export function BillingMain() {
  const summary = useSummary();
  const services = useServices();
  const showLedger = summary.data !== undefined && seesCredit(summary.data);
  return (
    <>
      {showLedger && summary.data && <LedgerCard estimatedWeeklyCents={summary.data.estimated_weekly_cents} />}
      {services.error && !hidden(services.error) && (
        <Alert color="red" role="alert" title="Could not load your services">
          {errorMessage(services.error)}
        </Alert>
      )}
      {!services.data && !services.error && <CardSkeleton label="Loading your services" />}
      {services.data && <ServicesCard services={services.data.rows} total={services.data.total} />}
    </>
  );
}

/** The side column: Available credit with its packs, the new-user guarantee, and trial usage for those who manage it. */
export function BillingSide({ auth }: { auth: DashboardAuth }) {
  const summary = useSummary();
  const data = summary.data;
  const credit = data !== undefined && seesCredit(data);
  return (
    <>
      {credit && <AvailableCreditCard balance={data.balance} />}
      {credit && auth.customer_trial_length_days > 0 && <GuaranteeCard days={auth.customer_trial_length_days} />}
      {auth.capabilities.includes('manage_trial_usage') && <TrialUsagePanel />}
    </>
  );
}
