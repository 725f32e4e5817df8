import { Button, Card, Group, Select, Stack, Textarea } from '@mantine/core';
import {
  CAREER_TEST_ROLES,
  type CareerTestRole,
  DEFAULT_CAREER_TEST_ROLE,
  sendCareerTests,
} from '@portal/contract/admin-tools/career-tests';
import { notifySuccess } from '../../../components/feedback/notify';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page/page-header';
import { useSendCareerTests } from '../api';

export const ROLE_LABELS: Record<CareerTestRole, string> = {
  frontend_developer: 'Frontend developer',
  general_developer: 'General developer',
  junior_developer: 'Junior developer',
  php_developer: 'PHP developer',
};

const ROLE_OPTIONS = CAREER_TEST_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const EMPTY = { emails: '', test_selection: DEFAULT_CAREER_TEST_ROLE as string };

/** /careers/tests: mails applicants the skills test of a role, one address a line. */
export function CareerTestsPage() {
  const send = useSendCareerTests();
  const form = useContractForm(sendCareerTests, {
    initialValues: EMPTY,
    toInput: (values) => ({ emails: values.emails, test_selection: values.test_selection as CareerTestRole }),
    serverError: send.error,
  });

  return (
    <>
      <PageHeader title="Career tests" description="Email applicants an invitation to the skills test of a role." />
      <Card withBorder padding="lg" maw={640}>
        <form
          noValidate
          onSubmit={form.onSubmit((input) =>
            send.mutate(input, {
              onSuccess: ({ sent }) => {
                notifySuccess(sent === 1 ? 'Test sent to 1 applicant' : `Test sent to ${sent} applicants`);
                form.reset();
              },
            }),
          )}
        >
          <Stack gap="md">
            <Textarea
              label="Email addresses"
              description="One address per line"
              required
              rows={6}
              disabled={send.isPending}
              {...form.textProps('emails')}
            />
            <Select
              label="Role"
              required
              data={ROLE_OPTIONS}
              value={form.values.test_selection || null}
              onChange={(value) => form.setValue('test_selection', value ?? '')}
              error={form.errors.test_selection}
              disabled={send.isPending}
              maw={320}
            />
            <FormErrorAlert message={form.alert} />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending}>
                Send tests
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
