import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type DistributorSettings, patchDistributorSettings } from '@portal/contract/companies/distributor-settings';
import { FEATURE_BITS } from '@portal/contract/shared/plans';
import { notifySuccess } from '../../../../components/feedback/notify';
import { FormErrorAlert } from '../../../../components/form/form-error-alert';
import { useContractForm } from '../../../../components/form/use-contract-form';
import { errorMessage } from '../../../../lib/api-error';
import { useDistributorSettings, usePatchDistributorSettings } from '../../api';
import {
  buildSettingsPatch,
  type FeatureName,
  SETTINGS_TEXT_FIELDS,
  type SettingsText,
  settingsValuesOf,
  toggleFeature,
} from './distributor-settings-form';
import { useReportDirty } from './dialog-form-state';
import { DistributorCommission } from './distributor-commission';
import { DistributorRegions } from './distributor-regions';
import { CardSkeleton } from '../../../../components/page/page-skeleton';

const LABELS: Record<SettingsText, string> = {
  custom_billing_url: 'Custom billing URL',
  custom_support_url: 'Custom support URL',
  custom_metadata_1_label: 'Metadata label 1',
  custom_metadata_2_label: 'Metadata label 2',
  custom_metadata_3_label: 'Metadata label 3',
};

const FEATURE_LABELS: Record<FeatureName, string> = {
  all: 'All features',
  active_services: 'Active services',
  credit_usage: 'Credit usage',
  support: 'Support',
  storage: 'Storage',
};

function SettingsForm({ companyId, settings }: { companyId: number; settings: DistributorSettings }) {
  const patch = usePatchDistributorSettings();
  const form = useContractForm(patchDistributorSettings, {
    initialValues: settingsValuesOf(settings),
    toInput: (values, initial) => ({ target_id: companyId, ...buildSettingsPatch(initial, values) }),
    serverError: patch.error,
  });
  const { values, setValues } = form;
  const dirty = Object.keys(buildSettingsPatch(form.initialValues, values)).length > 0;
  useReportDirty('distributor-settings', dirty);

  return (
    <form
      onSubmit={form.onSubmit((changes) => {
        // mutateAsync: the form may re-mount with the saved values before mutate's callbacks would run.
        if (dirty)
          patch.mutateAsync(changes).then(
            () => notifySuccess('Distributor settings saved'),
            () => {},
          );
      })}
      noValidate
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {SETTINGS_TEXT_FIELDS.map((key) => (
            <TextInput key={key} label={LABELS[key]} {...form.textProps(key)} />
          ))}
        </SimpleGrid>
        <Fieldset legend="Default sub-account features">
          <Group>
            {(Object.keys(FEATURE_BITS) as FeatureName[]).map((feature) => (
              <Checkbox
                key={feature}
                label={FEATURE_LABELS[feature]}
                checked={(values.features & FEATURE_BITS[feature]) !== 0}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setValues((current) => ({ ...current, features: toggleFeature(current.features, feature, on) }));
                }}
              />
            ))}
          </Group>
          <Text size="sm" mt="xs">
            Changes apply to new sub-accounts only
          </Text>
        </Fieldset>
        <FormErrorAlert message={form.alert} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!dirty} loading={patch.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function DistributorSettingsTab({ companyId }: { companyId: number }) {
  const settings = useDistributorSettings(companyId);
  return (
    <Stack>
      {settings.error && <FormErrorAlert message={errorMessage(settings.error)} />}
      {settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} companyId={companyId} settings={settings.data} />
      ) : (
        !settings.error && <CardSkeleton label="Loading settings" />
      )}
      <DistributorCommission companyId={companyId} />
      <DistributorRegions companyId={companyId} />
    </Stack>
  );
}
