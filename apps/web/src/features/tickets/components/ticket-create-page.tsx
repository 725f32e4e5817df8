import { Alert, Anchor, Button, Card, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { SERVER_OPERATING_SYSTEMS, FEATURE_REQUEST_TYPE } from '@portal/contract/tickets/ticket-fields';
import { createTicket } from '@portal/contract/tickets/ticket-create';
import { Link, useNavigate } from '@tanstack/react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useContractForm } from '../../../components/form/use-contract-form';
import { PageHeader } from '../../../components/page/page-header';
import { createPageQuery, useCreateTicket } from '../api';
import { stillUploading, uploadedIds } from '../lib/attachment-rules';
import { AttachmentPicker, useAttachments } from './attachment-picker';

interface Values {
  target_ticket_type: string;
  target_ticket_subject: string;
  target_server_version: string;
  target_server_os: string;
  target_message_overview: string;
  target_message_device_details: string;
  target_message_extra: string;
  target_user_id: string;
}

const INITIAL: Values = {
  target_ticket_type: '',
  target_ticket_subject: '',
  target_server_version: '',
  target_server_os: '',
  target_message_overview: '',
  target_message_device_details: '',
  target_message_extra: '',
  target_user_id: '',
};

const orNull = (s: string) => (s.trim() === '' ? null : s);

/** /tickets/create: a new ticket; staff open it for the company named by target_company. */
export function TicketCreatePage({ targetCompany, staff }: { targetCompany: number | undefined; staff: boolean }) {
  const page = createPageQuery.useQuery(targetCompany === undefined ? {} : { target_id: targetCompany });
  const create = useCreateTicket();
  const files = useAttachments();
  const navigate = useNavigate();
  const form = useContractForm(createTicket, {
    initialValues: INITIAL,
    serverError: create.error,
    toInput: (v: Values) => ({
      ...(targetCompany === undefined ? {} : { target_id: targetCompany }),
      ...(staff && v.target_user_id ? { target_user_id: Number(v.target_user_id) } : {}),
      target_ticket_type: v.target_ticket_type === '' ? Number.NaN : Number(v.target_ticket_type),
      target_ticket_subject: v.target_ticket_subject,
      target_server_version: orNull(v.target_server_version),
      target_server_os: (orNull(v.target_server_os) as (typeof SERVER_OPERATING_SYSTEMS)[number] | null) ?? null,
      target_message_overview: v.target_message_overview,
      target_message_device_details: orNull(v.target_message_device_details),
      target_message_extra: orNull(v.target_message_extra),
      target_attachments: uploadedIds(files.items),
    }),
  });
  const featureRequest = form.values.target_ticket_type === String(FEATURE_REQUEST_TYPE);
  // Fields are disabled while submitting, and for a feature request, which belongs on the voting board.
  const disabled = create.isPending || featureRequest;
  const types = [
    ...(page.data?.ticket_types ?? []).map((t) => ({ value: String(t.value), label: t.label })),
    { value: String(FEATURE_REQUEST_TYPE), label: 'Feature request' },
  ];
  return (
    <>
      <PageHeader
        title="Create ticket"
        description={
          page.data && staff ? `A ticket for ${page.data.company_name}.` : 'Tell support what is wrong; they reply here and by email.'
        }
      />
      <Card>
        <form
          noValidate
          onSubmit={form.onSubmit((input) =>
            create.mutate(input, { onSuccess: (id) => navigate({ to: '/tickets/$ticketId', params: { ticketId: String(id) } }) }),
          )}
        >
          <Stack gap="sm">
            <Select
              label="Type"
              required
              data={types}
              value={form.values.target_ticket_type || null}
              onChange={(v) => form.setValue('target_ticket_type', v ?? '')}
              error={form.errors.target_ticket_type}
              disabled={create.isPending}
            />
            {featureRequest ? (
              <Alert color="blue" title="Feature requests">
                Feature requests are collected on the{' '}
                <Anchor component={Link} to="/feature_voting">
                  feature voting board
                </Anchor>
                , where others can vote for them.
              </Alert>
            ) : null}
            {staff && page.data ? (
              <Select
                label="On behalf of"
                description="Leave empty for the company's primary contact."
                clearable
                data={page.data.users.map((u) => ({ value: String(u.id), label: `${u.contact_name} <${u.email}>` }))}
                value={form.values.target_user_id || null}
                onChange={(v) => form.setValue('target_user_id', v ?? '')}
                disabled={disabled}
              />
            ) : null}
            <TextInput label="Subject" required disabled={disabled} {...form.textProps('target_ticket_subject')} />
            <Group grow align="flex-start">
              <TextInput label="Server version" description="Optional" disabled={disabled} {...form.textProps('target_server_version')} />
              <Select
                label="Server operating system"
                description="Optional"
                clearable
                data={[...SERVER_OPERATING_SYSTEMS]}
                value={form.values.target_server_os || null}
                onChange={(v) => form.setValue('target_server_os', v ?? '')}
                disabled={disabled}
              />
            </Group>
            <Textarea label="What is the problem?" required rows={4} disabled={disabled} {...form.textProps('target_message_overview')} />
            <Textarea
              label="Device details"
              description="Optional"
              rows={2}
              disabled={disabled}
              {...form.textProps('target_message_device_details')}
            />
            <Textarea
              label="Anything else"
              description="Optional"
              rows={2}
              disabled={disabled}
              {...form.textProps('target_message_extra')}
            />
            <AttachmentPicker items={files.items} add={files.add} remove={files.remove} disabled={disabled} />
            <FormErrorAlert message={form.alert} />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={staff ? '/mytickets' : '/support'}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={featureRequest || stillUploading(files.items)}>
                Create ticket
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </>
  );
}
