import { Alert, Button, Card, Group, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import {
  AUTO_PAYMENT_MESSAGES,
  AUTO_REBILL_DAYS_MAX,
  AUTO_REBILL_DAYS_MIN,
  type AutoPaymentPage,
} from '@portal/contract/payments/auto-payment';
import { AT_LEAST_DAYS } from '@portal/contract/billing/summary';
import { SELECT_TOPUP } from '@portal/contract/payments/charges';
import { optionsShownToUser } from '@portal/contract/payments/topup-options';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { notifySuccess } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page/page-header';
import { PageSkeleton } from '../../../components/page/page-skeleton';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { dollarsToCents, formatCents } from '../../../lib/money';
import { autoPaymentQuery, useConfigureAutoPayment } from '../api';

/** The form as typed: the select values are strings, the limit is dollars ('' for none). */
export interface AutoPaymentForm {
  enabled: boolean;
  days: string;
  planId: string;
  capDollars: string | number;
}

export const DAY_CHOICES = Array.from({ length: AUTO_REBILL_DAYS_MAX - AUTO_REBILL_DAYS_MIN + 1 }, (_, i) =>
  String(i + AUTO_REBILL_DAYS_MIN),
);

export function formOf(page: AutoPaymentPage): AutoPaymentForm {
  return {
    // A first visit shows it on: saving is turning it on.
    enabled: page.auto_topup_plan_id === null ? true : page.auto_topup_enabled,
    days: String(page.auto_rebill_days_remaining),
    planId: page.auto_topup_plan_id === null ? '' : String(page.auto_topup_plan_id),
    capDollars: page.monthly_cap_cents === null ? '' : page.monthly_cap_cents / 100,
  };
}

/** The spec's estimate wording (spec-2 §9): 'at least' at 1000 days or more, otherwise 'about'. */
export function daysLeftText(days: number | null): string | null {
  if (days === null) return null;
  if (days === 0) return 'less than a day';
  if (days >= AT_LEAST_DAYS) return `at least ${AT_LEAST_DAYS} days`;
  return `about ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The call's input, or the field messages the server would answer (the contract's). */
export function inputOf(form: AutoPaymentForm):
  | {
      ok: true;
      input: { topup_option_id: number; auto_rebill_days_remaining: number; auto_topup_enabled: boolean; monthly_cap_cents: number | null };
    }
  | { ok: false; errors: Partial<Record<'planId' | 'capDollars', string>> } {
  const errors: Partial<Record<'planId' | 'capDollars', string>> = {};
  if (form.planId === '') errors.planId = SELECT_TOPUP;
  let cap: number | null = null;
  if (form.capDollars !== '') {
    try {
      cap = dollarsToCents(form.capDollars);
      if (cap < 0) errors.capDollars = AUTO_PAYMENT_MESSAGES.cap;
    } catch {
      errors.capDollars = AUTO_PAYMENT_MESSAGES.cap;
    }
  }
  if (errors.planId || errors.capDollars) return { ok: false, errors };
  return {
    ok: true,
    input: {
      topup_option_id: Number(form.planId),
      auto_rebill_days_remaining: Number(form.days),
      auto_topup_enabled: form.enabled,
      monthly_cap_cents: cap,
    },
  };
}

/** What a refusal says: the field's own message where there is one (spec-2 §8: alerted, then the page reloads). */
function refusalText(error: unknown): string {
  if (isApiError(error) && error.hasFieldErrors) return Object.values(error.fields).join('\n');
  return errorMessage(error);
}

function AutoPaymentSettings({ page }: { page: AutoPaymentPage }) {
  const configure = useConfigureAutoPayment();
  const [saved, setSaved] = useState(() => formOf(page));
  const [form, setForm] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<'planId' | 'capDollars', string>>>({});
  const changed = JSON.stringify(form) !== JSON.stringify(saved);
  const shown = optionsShownToUser(page.options, page.minimum_topup);
  const plans = shown.map((o) => ({
    value: String(o.id),
    label: `${o.name}: ${formatCents(o.cost)}${o.extra_credit > 0 ? ` (${formatCents(o.extra_credit)} extra credit)` : ''}`,
  }));
  if (page.auto_topup_plan_id !== null && !plans.some((p) => p.value === String(page.auto_topup_plan_id))) {
    plans.push({ value: String(page.auto_topup_plan_id), label: page.auto_topup_plan_name ?? `Option ${page.auto_topup_plan_id}` });
  }
  const set = (change: Partial<AutoPaymentForm>) => setForm((f) => ({ ...f, ...change }));
  const daysLeft = daysLeftText(page.auto_topup_estimated_days_remaining);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = inputOf(form);
        if (!checked.ok) {
          setErrors(checked.errors);
          return;
        }
        setErrors({});
        configure.mutate(checked.input, {
          onSuccess: (answer) => {
            const next = formOf(answer);
            setSaved(next);
            setForm(next);
            notifySuccess(answer.auto_topup_enabled ? 'Automatic top-up saved' : 'Automatic top-up saved: it is off');
          },
          onError: (failure) => {
            window.alert(refusalText(failure));
            window.location.reload();
          },
        });
      }}
    >
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Your estimated cost
            </Title>
            <Text>
              Estimated monthly cost: <strong>{formatCents(page.estimated_monthly_cents)}</strong>
            </Text>
            <Text>
              Estimated weekly cost: <strong>{formatCents(page.estimated_weekly_cents)}</strong>
            </Text>
            {daysLeft ? <Text size="sm">Your credit lasts {daysLeft} at this rate.</Text> : null}
            <Text size="sm" c="dimmed">
              Credit packs do not expire, unless the top-up plan says otherwise.
            </Text>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Automatic top-up
            </Title>
            {!page.has_card && (
              <Alert color="yellow" title="No card on file">
                Automatic payments charge your default card. <Link to="/payment_methods">Add a card</Link> first.
              </Alert>
            )}
            <Switch
              label="Top up automatically when my credit runs low"
              checked={form.enabled}
              onChange={(event) => set({ enabled: event.currentTarget.checked })}
            />
            <Select
              label="Top up when my credit would last less than"
              data={DAY_CHOICES.map((d) => ({ value: d, label: `${d} ${d === '1' ? 'day' : 'days'}` }))}
              value={form.days}
              onChange={(value) => set({ days: value ?? form.days })}
              allowDeselect={false}
              maw={320}
            />
            <Select
              label="Top-up plan"
              placeholder="Choose a top-up"
              data={plans}
              value={form.planId || null}
              onChange={(value) => set({ planId: value ?? '' })}
              error={errors.planId}
              allowDeselect={false}
              maw={480}
            />
            <NumberInput
              label="Monthly limit (optional)"
              description="The most automatic top-ups may charge in a calendar month. Leave empty for no limit."
              min={0}
              step={1}
              decimalScale={2}
              prefix="$"
              thousandSeparator=","
              allowNegative={false}
              value={form.capDollars}
              onChange={(value) => set({ capDollars: value })}
              error={errors.capDollars}
              maw={320}
            />
            <Text size="xs" c="dimmed">
              When your credit would last less than the days you choose, we charge your default card for the top-up plan, at most once a
              day. If a payment fails we email you and wait for you to pay once or save these settings again.
            </Text>
            <Group>
              <Button type="submit" disabled={!changed} loading={configure.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </form>
  );
}

/** /auto_payment (spec-2 §2.10): estimated costs and the automatic top-up settings. */
export function AutoPaymentPageView() {
  const page = autoPaymentQuery.useQuery({});
  return (
    <>
      <PageHeader title="Automatic payments" description="Keep your services running: top up your credit before it runs out." />
      {page.data ? (
        <AutoPaymentSettings page={page.data} />
      ) : page.isError ? (
        <Alert color="red">{errorMessage(page.error)}</Alert>
      ) : (
        <PageSkeleton label="Loading automatic payments" />
      )}
    </>
  );
}
