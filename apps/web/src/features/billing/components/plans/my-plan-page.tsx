import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { DOWNGRADE_MESSAGE, PLANS_LIST_ERROR, type Plan } from '@portal/contract/billing/plans';
import type { CallOutput } from '@portal/contract/shared/define-call';
import type { listPlans } from '@portal/contract/billing/plans';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { confirmYesNo } from '../../../../components/confirm/confirm-yes-no';
import { notifyFailure, notifySuccess } from '../../../../components/feedback/notify';
import { PageHeader } from '../../../../components/page/page-header';
import { CardSkeleton } from '../../../../components/page/page-skeleton';
import { formatDate } from '../../../../lib/dates';
import { plansQuery, useSelectPlan } from '../../api';
import { isDowngrade, planHeadline, planPriceText, SALES_CONTACT_URL, selectionEffect, UNPICKABLE } from '../../lib/plans';
import { ScrollTable } from '../../../../components/table/scroll-table';

type PlansAnswer = CallOutput<typeof listPlans>;

function PlanNotices({ company }: { company: PlansAnswer }) {
  const queued = company.plan_selected;
  return (
    <>
      {company.plan === 'Legacy' && company.legacy_deadline && (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title="Your account is on the Legacy plan">
          Choose a plan before {formatDate(company.legacy_deadline)} (Pacific/Auckland time). If you have not chosen by then, your account
          moves to the most cost-effective plan for what it runs.
        </Alert>
      )}
      {company.plan === 'Trial' && (
        <Alert icon={<IconInfoCircle aria-hidden />} title="Your account is on a trial">
          Choose a plan before your trial ends
          {company.trial_expires_at ? ` on ${formatDate(company.trial_expires_at)}` : ''}, or your account is suspended until you do.
        </Alert>
      )}
      {queued && (
        <Alert icon={<IconInfoCircle aria-hidden />} title={`${queued} is chosen`}>
          {queued} takes effect
          {company.plan_selected_effective_at ? ` on ${formatDate(company.plan_selected_effective_at)}` : ' at the end of your trial'}.
        </Alert>
      )}
    </>
  );
}

interface PlanCardProps {
  plan: Plan;
  company: PlansAnswer;
  onSelect: (plan: Plan) => void;
  selecting: boolean;
}

function PlanAction({ plan, company, onSelect, selecting }: PlanCardProps) {
  if (plan.id === company.plan)
    return (
      <Badge color="green" variant="dot">
        Current plan
      </Badge>
    );
  if (plan.id === company.plan_selected) return <Badge variant="dot">Chosen</Badge>;
  if (plan.id === 'Enterprise') {
    return (
      <Button component="a" href={SALES_CONTACT_URL} variant="default">
        Contact sales
      </Button>
    );
  }
  if (isDowngrade(company.plans, company.plan, plan.id)) {
    // The server's reasons usually say so already.
    if (plan.disallowed_reasons.length > 0) return null;
    return (
      <Text size="sm" c="dimmed">
        {DOWNGRADE_MESSAGE}.
      </Text>
    );
  }
  return (
    <Button onClick={() => onSelect(plan)} disabled={plan.disallowed || selecting}>
      Select {plan.name}
    </Button>
  );
}

function PlanCard(props: PlanCardProps) {
  const { plan, company } = props;
  const current = plan.id === company.plan;
  return (
    <Card style={current ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap="sm" h="100%">
        <Title order={3} size="h4">
          {plan.name}
        </Title>
        <Text size="sm" fw={600}>
          {planHeadline(plan)}
        </Text>
        <Text size="sm" c="dimmed">
          {planPriceText(plan)}
        </Text>
        {/* The current plan's reason ('This is your current plan') is its badge. */}
        {plan.disallowed && !current && plan.disallowed_reasons.length > 0 && (
          <Text size="sm" c="var(--app-color-warning)">
            {plan.disallowed_reasons.join(' ')}
          </Text>
        )}
        <Group mt="auto">
          <PlanAction {...props} />
        </Group>
      </Stack>
    </Card>
  );
}

function ComparePlans({ plans }: { plans: readonly Plan[] }) {
  return (
    <Card id="compare-plans">
      <Stack gap="sm">
        <Title order={2} size="h3" tabIndex={-1}>
          Compare plans
        </Title>
        <ScrollTable label="Plan comparison">
          <Table miw={520} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th ta="right">Self-hosted server licences</Table.Th>
                <Table.Th ta="right">Hosted servers</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {plans.map((plan) => (
                <Table.Tr key={plan.id}>
                  <Table.Td>{plan.name}</Table.Td>
                  <Table.Td>{planPriceText(plan)}</Table.Td>
                  <Table.Td ta="right">{plan.default_serial_limit ?? 'Unlimited'}</Table.Td>
                  <Table.Td ta="right">{plan.default_hosted_server_limit ?? 'Unlimited'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Stack>
    </Card>
  );
}

/** /my_plan (spec-2 §2.10): the plan cards, the current plan, the Legacy and Trial notices and Compare plans. */
export function MyPlanPage() {
  const { data, error } = plansQuery.useQuery();
  const select = useSelectPlan();

  const choose = async (company: PlansAnswer, plan: Plan) => {
    const confirmed = await confirmYesNo({
      title: `Choose ${plan.name}`,
      message: selectionEffect(company, plan.name),
      yesLabel: `Choose ${plan.name}`,
      noLabel: 'Cancel',
    });
    if (!confirmed) return;
    select.mutate(
      { target_plan_id: plan.id },
      {
        onSuccess: (answer) => notifySuccess(answer.message || `${plan.name} chosen`),
        onError: (failure) => notifyFailure(`Could not choose ${plan.name}`, failure),
      },
    );
  };

  const header = (
    <PageHeader
      title="My plan"
      description="Your plan sets the price per endpoint and what your account may run."
      actions={
        data ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={500}
            onClick={() => {
              const target = document.getElementById('compare-plans');
              target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              target?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
            }}
          >
            Compare plans
          </Anchor>
        ) : null
      }
    />
  );

  if (error) {
    return (
      <>
        {header}
        <Alert color="red" role="alert" title="Could not load the plans">
          {PLANS_LIST_ERROR}
        </Alert>
      </>
    );
  }
  if (!data) {
    return (
      <>
        {header}
        <CardSkeleton label="Loading plans" lines={4} />
      </>
    );
  }
  const current = data.plans.find((plan) => plan.id === data.plan);
  const offered = data.plans.filter((plan) => !UNPICKABLE.includes(plan.id));
  return (
    <>
      {header}
      <Stack gap="lg">
        <Text>
          Your current plan: <strong>{current?.name ?? data.plan}</strong>
          {current && current.amount !== null ? ` (${planPriceText(current).toLowerCase()})` : ''}.
        </Text>
        <PlanNotices company={data} />
        <section aria-labelledby="plans-heading">
          <Title order={2} size="h3" id="plans-heading" mb="sm">
            Plans
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {offered.map((plan) => (
              <PlanCard key={plan.id} plan={plan} company={data} onSelect={(p) => void choose(data, p)} selecting={select.isPending} />
            ))}
          </SimpleGrid>
        </section>
        <ComparePlans plans={offered} />
      </Stack>
    </>
  );
}
