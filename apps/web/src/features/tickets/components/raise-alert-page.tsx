import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { raiseAlert } from '@portal/contract/tickets/alerts';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page/page-header';
import { useRaiseAlert } from '../api';

/** /raise_alert (spec-2 §2.12): one problem text; the banner shows the server's message (who is paged). */
export function RaiseAlertPage() {
  const raise = useRaiseAlert();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useContractForm(raiseAlert, {
    initialValues: { problem: '' },
    toInput: (values) => ({ problem: values.problem }),
    serverError: raise.error,
  });

  return (
    <>
      <PageHeader
        title="Raise P1 Alert"
        description="The on-call developer gets a call. If nobody answers within 15 minutes, everyone on the rotation is called."
      />
      <Card withBorder padding="lg" maw={640}>
        <form
          noValidate
          onSubmit={form.onSubmit((input) => {
            setBanner(null);
            raise.mutate(input, {
              onSuccess: (message) => {
                setBanner(message);
                form.reset();
              },
            });
          })}
        >
          <Stack gap="md">
            {banner && (
              <Alert color="green" title="P1 alert raised" role="status">
                <Text size="sm">{banner}</Text>
              </Alert>
            )}
            <Textarea
              label="Problem"
              description="What is broken, for whom, and since when"
              required
              rows={5}
              disabled={raise.isPending}
              {...form.textProps('problem')}
            />
            <FormErrorAlert message={form.alert} />
            <Group justify="flex-end">
              <Button type="submit" color="red" loading={raise.isPending}>
                Raise P1 Alert
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
