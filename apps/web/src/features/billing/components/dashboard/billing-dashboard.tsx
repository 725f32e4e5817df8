import { Alert, Skeleton, Stack } from '@mantine/core';
import { ACTIVE_SERVICES_PAGE_SIZE } from '@portal/contract/billing/active-services';
import { useQuery } from '@tanstack/react-query';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import type { ReactNode } from 'react';
import { errorMessage, isApiError } from '../../../../lib/api-error';
import { dashboardQueries } from '../../api/dashboard';
import { seesCredit } from '../../lib/figures';
import { hasServers } from '../../lib/service-kinds';
import { AvailableCreditCard, AvailableCreditCardSkeleton } from './available-credit-card';
import { CreditFigures, CreditFiguresSkeleton } from './credit-figures';
import { LedgerCard, LedgerCardSkeleton } from './ledger-card';
import { GettingStartedCard, GuaranteeCard, NoPaymentCard } from './prompts';
import { ServicesCard, ServicesCardSkeleton } from './services-card';
import { TrialUsagePanel } from './trial-usage-panel';

type DashboardAuth = Pick<AuthContext, 'state' | 'has_saved_card' | 'customer_trial_length_days' | 'capabilities'>;

/**
 * A card that will most likely show once the summary is in, drawn under a skeleton meanwhile: its height
 * depends on its text's wrapping, which only the card itself can tell. Neither seen by assistive technology
 * nor reachable by keyboard.
 */
function Placeholder({ children }: { children: ReactNode }) {
  return (
    <Skeleton visible radius="md" inert aria-hidden>
      {children}
    </Skeleton>
  );
}

/** A refusal (403) means the company does not show this to its users (contract billing, a distributor's switch): no card, no error. */
const hidden = (error: unknown) => isApiError(error) && error.code === 403;

function useSummary() {
  return useQuery(dashboardQueries.summary());
}

function useServices() {
  return useQuery(dashboardQueries.services());
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
  // What the account says before the summary does: whether the company sees credit is the one condition left.
  const mayPromptPayment =
    !auth.has_saved_card && (auth.state === 'TRIAL' || auth.state === 'ACTIVE') && auth.capabilities.includes('use_billing_pages');
  if (!summary.data) {
    return (
      <Stack gap="lg">
        {mayPromptPayment && (
          <Placeholder>
            <NoPaymentCard state={auth.state} />
          </Placeholder>
        )}
        <CreditFiguresSkeleton />
      </Stack>
    );
  }
  const data = summary.data;
  const credit = seesCredit(data);
  const runsServers = services.data ? services.data.total > ACTIVE_SERVICES_PAGE_SIZE || hasServers(services.data.rows) : true;
  const promptPayment = credit && mayPromptPayment;
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
      {/* Most companies see the ledger: its space is held while the summary says whether this one does. */}
      {summary.isPending && <LedgerCardSkeleton />}
      {showLedger && summary.data && <LedgerCard estimatedWeeklyCents={summary.data.estimated_weekly_cents} />}
      {services.error && !hidden(services.error) && (
        <Alert color="red" role="alert" title="Could not load your services">
          {errorMessage(services.error)}
        </Alert>
      )}
      {!services.data && !services.error && <ServicesCardSkeleton />}
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
      {summary.isPending && <AvailableCreditCardSkeleton />}
      {credit && <AvailableCreditCard balance={data.balance} />}
      {summary.isPending && auth.customer_trial_length_days > 0 && (
        <Placeholder>
          <GuaranteeCard days={auth.customer_trial_length_days} />
        </Placeholder>
      )}
      {credit && auth.customer_trial_length_days > 0 && <GuaranteeCard days={auth.customer_trial_length_days} />}
      {auth.capabilities.includes('manage_trial_usage') && <TrialUsagePanel />}
    </>
  );
}
