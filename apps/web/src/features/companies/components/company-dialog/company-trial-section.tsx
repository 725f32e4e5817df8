import { Alert, Button, Fieldset, Group, NumberInput, Text } from '@mantine/core';
import type { CompanyDetail } from '@portal/contract/companies/company-detail';
import { TRIAL_EXTENSION_MAX_DAYS } from '@portal/contract/shared/plans';
import { useState } from 'react';
import { confirmYesNo } from '../../../../components/confirm/confirm-yes-no';
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

export function CompanyTrialSection({ company, viewer, disabled }: CompanyTrialSectionProps) {
  const remaining = remainingExtensionDays(company.trial_extension);
  const [days, setDays] = useState<number>(Math.min(5, Math.max(1, remaining)));
  const extend = usePatchCompany(viewer);
  const convert = useConvertToPaid();
  const extendErrors = formErrorState(extend.error);

  const convertToPaid = async () => {
    const yes = await confirmYesNo({
      title: 'Convert To Paid',
      message: `Convert ${company.company_name} to a paid account? This cannot be undone.`,
    });
    if (yes) convert.mutate({ target_id: company.id });
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
          onClick={() => extend.mutate({ target_id: company.id, extend_trial_days: days } as Parameters<typeof extend.mutate>[0])}
        >
          Extend trial
        </Button>
        <Button color="teal.9" loading={convert.isPending} onClick={() => void convertToPaid()}>
          Convert To Paid
        </Button>
      </Group>
      {extend.isSuccess && (
        <Alert mt="sm" color="green" role="status">
          Trial extended
        </Alert>
      )}
      <FormErrorAlert message={extendErrors.alert ?? (convert.error ? formErrorState(convert.error).alert : null)} />
    </Fieldset>
  );
}
