import { Button, Fieldset, Group, NumberInput, Stack, Text } from '@mantine/core';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { DEFAULT_PAID_PLAN, TRIAL_EXTENSION_MAX_DAYS } from '@portal/contract/shared/plans';
import { useState } from 'react';
import { confirmYesNo } from '../../../../components/confirm/confirm-yes-no';
import { notifySuccess } from '../../../../components/feedback/notify';
import { formErrorState } from '../../../../components/form/form-errors';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { formatDate } from '../../../../lib/dates';
import { type CompanyViewer, useConvertToPaid, usePatchCompany } from '../../api';

interface CompanyTrialSectionProps {
  company: CompanyDetail;
  viewer: CompanyViewer;
  disabled: boolean;
}

/** The days a trial may still be extended by, over its whole life. */
export function remainingExtensionDays(trialExtension: number): number {
  return Math.max(0, TRIAL_EXTENSION_MAX_DAYS - trialExtension);
}

/** The plan Convert to paid moves a trial to: the one chosen during the trial, else the default paid plan. */
export function paidPlanOf(company: Pick<CompanyDetail, 'plan_user_selected_id'>): string {
  return company.plan_user_selected_id ?? DEFAULT_PAID_PLAN;
}

export function CompanyTrialSection({ company, viewer, disabled }: CompanyTrialSectionProps) {
  const remaining = remainingExtensionDays(company.trial_extension);
  const [days, setDays] = useState<number>(Math.min(5, Math.max(1, remaining)));
  const extend = usePatchCompany(viewer);
  const convert = useConvertToPaid();
  const extendErrors = formErrorState(extend.error);

  const convertToPaid = async () => {
    const plan = paidPlanOf(company);
    const yes = await confirmYesNo({
      title: 'Convert to paid — this cannot be undone',
      message: (
        <Stack gap="xs">
          <Text size="sm">
            {company.company_name} leaves its trial and becomes a paid account on the <strong>{plan}</strong> plan.
          </Text>
          <Text size="sm">Daily charges start against its credit. A paid account cannot go back to a trial.</Text>
        </Stack>
      ),
      yesLabel: `Convert to paid on ${plan}`,
      noLabel: 'Cancel',
    });
    if (yes)
      // mutateAsync: a converted company is no longer a trial, so this section unmounts before mutate's callbacks.
      convert.mutateAsync({ target_id: company.id }).then(
        () => notifySuccess(`${company.company_name} converted to paid on ${plan}`),
        () => {},
      );
  };

  return (
    <Fieldset legend="Trial" disabled={disabled}>
      <Text size="sm">Trial ends on {formatDate(company.trial_expires_at)}</Text>
      <Group align="flex-end" mt="sm">
        <NumberInput
          label={`Extend by (days, at most ${remaining})`}
          min={1}
          max={Math.max(1, remaining)}
          value={days}
          disabled={remaining === 0}
          error={extendErrors.fields.extend_trial_days}
          onChange={(value) => setDays(typeof value === 'number' ? value : 1)}
        />
        <Button
          variant="default"
          disabled={remaining === 0 || days < 1 || days > remaining}
          loading={extend.isPending}
          onClick={() =>
            extend.mutate({ target_id: company.id, extend_trial_days: days } as Parameters<typeof extend.mutate>[0], {
              onSuccess: () => notifySuccess(`Trial extended by ${days} ${days === 1 ? 'day' : 'days'}`),
            })
          }
        >
          Extend trial
        </Button>
        <Button color="teal.9" loading={convert.isPending} onClick={() => void convertToPaid()}>
          Convert to paid
        </Button>
      </Group>
      <FormErrorAlert message={extendErrors.alert ?? (convert.error ? formErrorState(convert.error).alert : null)} />
    </Fieldset>
  );
}
