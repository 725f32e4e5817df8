import { Alert, Card, Select, Skeleton, Stack, Text } from '@mantine/core';
import { EMAIL_TEMPLATES, EMAIL_TEMPLATE_NAMES, type EmailTemplateName } from '@portal/contract/notifications/email-preview';
import { useState } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { errorMessage } from '../../../lib/api-error';
import { emailPreviewQuery } from '../api';

const OPTIONS = EMAIL_TEMPLATE_NAMES.map((name) => ({ value: name, label: EMAIL_TEMPLATES[name] }));
const FRAME_HEIGHT = 640;

/**
 * /manage_email_templates: every mail the portal sends, rendered with sample data. The mail's HTML is shown
 * in a sandboxed frame with no permissions, so nothing in it runs or navigates the portal.
 */
export function EmailTemplatesPage() {
  const [name, setName] = useState<EmailTemplateName>(EMAIL_TEMPLATE_NAMES[0]);
  const preview = emailPreviewQuery.useQuery({ emailTypeEnum: name });
  const label = EMAIL_TEMPLATES[name];

  return (
    <>
      <PageHeader title="Email templates" description="Preview each email the portal sends, filled in with sample data. Nothing is sent." />
      <Stack gap="md">
        <Select
          label="Template"
          data={OPTIONS}
          value={name}
          onChange={(value) => value && setName(value as EmailTemplateName)}
          allowDeselect={false}
          searchable
          maw={420}
        />
        {preview.isError ? (
          <Alert color="red" title="The preview could not be shown" role="alert">
            {errorMessage(preview.error)}
          </Alert>
        ) : (
          <Card withBorder padding="md">
            {preview.data ? (
              <Stack gap="sm">
                <Text size="sm">
                  <Text span fw={600}>
                    Subject:
                  </Text>{' '}
                  <span data-testid="email-subject">{preview.data.subject}</span>
                </Text>
                <iframe
                  title={`Preview of the ${label.toLowerCase()} email`}
                  sandbox=""
                  srcDoc={preview.data.html}
                  style={{ width: '100%', height: FRAME_HEIGHT, border: 0, background: 'white' }}
                />
              </Stack>
            ) : (
              <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the preview">
                <Skeleton height={20} width="50%" />
                <Skeleton height={FRAME_HEIGHT} />
              </Stack>
            )}
          </Card>
        )}
      </Stack>
    </>
  );
}
