import { Alert, Anchor, Button, Card, Code, CopyButton, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type DownloadPlatformId, type DownloadVersion, downloadCometUrl } from '@portal/contract/downloads/downloads';
import { IconDownload, IconServer } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { CardSkeleton } from '../../../../components/page/page-skeleton';
import { errorMessage } from '../../../../lib/api-error';
import { downloadsQuery } from '../../../downloads/api';
import { useCreateLicence } from '../../api';
import { type WizardStep, defaultVersion, installCommand, stepAfterDownload } from '../../lib/create-server';
import { failureText } from '../../lib/licence-rules';
import { UpgradeHint } from './upgrade-hint';
import { Modal } from '../../../../components/modal/modal';

const COPIED_MS = 2000;

/** A licence key with a copy button and the way on to /my_servers. */
function LicenceKey({ serial }: { serial: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Your licence key
      </Text>
      <Group gap="sm" wrap="nowrap">
        <Code data-testid="licence-key" style={{ wordBreak: 'break-all' }}>
          {serial}
        </Code>
        <CopyButton value={serial} timeout={COPIED_MS}>
          {({ copied, copy }) => (
            <Button variant="default" size="xs" onClick={copy}>
              {copied ? 'Copied' : 'Copy key'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

const MyServersLink = () => (
  <Anchor component={Link} to="/my_servers">
    Go to My servers
  </Anchor>
);

/** Step 3 (Linux): a licence key is made as the step opens, once, and shown with the install command. */
function LinuxStep({ filename }: { filename: string }) {
  const create = useCreateLicence();
  const asked = useRef(false);
  const { mutate } = create;
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate({});
  }, [mutate]);
  const command = installCommand(filename);
  return (
    <Stack gap="sm">
      <Text size="sm">Install the package on your server, then enter the licence key when the installer asks for it.</Text>
      {command ? <Code block>{command}</Code> : null}
      {create.data ? <LicenceKey serial={create.data.serial_number} /> : null}
      {create.isPending ? (
        <Text size="sm" c="dimmed">
          Making your licence key…
        </Text>
      ) : null}
      {create.error ? (
        <Alert color="red" role="alert" title="Error">
          {failureText('create', errorMessage(create.error))}
        </Alert>
      ) : null}
      <MyServersLink />
    </Stack>
  );
}

/** Step 2 (Windows): what to do with the installer; the key is made on /my_servers when the installer asks. */
function NextStepsStep() {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Run the installer on the machine that will be your backup server. When it asks for a licence key, make one with New licence on My
        servers and paste it in. The server appears there once it is online.
      </Text>
      <MyServersLink />
    </Stack>
  );
}

/** Step 0: the version and platform, and the download itself. */
function PickStep({
  versions,
  latest,
  onDownload,
}: {
  versions: readonly DownloadVersion[];
  latest: string | null;
  onDownload: (platform: DownloadPlatformId, filename: string) => void;
}) {
  const [version, setVersion] = useState<string | null>(defaultVersion(versions, latest)?.version ?? null);
  const chosen = versions.find((v) => v.version === version);
  const [platform, setPlatform] = useState<string | null>(chosen?.platforms[0]?.platform_id ?? null);
  const file = chosen?.platforms.find((p) => p.platform_id === platform);
  return (
    <Stack gap="sm">
      <Select
        label="Version"
        data={versions.map((v) => ({ value: v.version, label: v.is_prerelease ? `${v.version} (prerelease)` : v.version }))}
        value={version}
        onChange={(v) => {
          setVersion(v);
          setPlatform(versions.find((x) => x.version === v)?.platforms[0]?.platform_id ?? null);
        }}
        allowDeselect={false}
      />
      <Select
        label="Platform"
        data={(chosen?.platforms ?? []).map((p) => ({ value: p.platform_id, label: p.platform_name }))}
        value={platform}
        onChange={setPlatform}
        allowDeselect={false}
      />
      <Group>
        <Button
          component="a"
          href={file && chosen ? downloadCometUrl(chosen.version, file.platform_id) : undefined}
          download
          disabled={!file}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => file && onDownload(file.platform_id, file.filename)}
        >
          Download
        </Button>
      </Group>
    </Stack>
  );
}

/** "Generate a serial number" for a company that has downloaded before: an optional name, then the key. */
function SerialDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateLicence();
  const [name, setName] = useState('');
  return (
    <Modal opened onClose={onClose} title="Generate a serial number" closeButtonProps={{ 'aria-label': 'Close' }}>
      {create.data ? (
        <Stack gap="md">
          <LicenceKey serial={create.data.serial_number} />
          <Group justify="space-between">
            <MyServersLink />
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(name.trim() ? { target_name: name.trim() } : {});
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Name"
              description="Optional: how the server is listed on My servers."
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            {create.error ? (
              <Alert color="red" role="alert" title="Error">
                {failureText('create', errorMessage(create.error))}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Generate
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

interface SelfHostedCardProps {
  allowed: boolean;
  downloaded: boolean;
  latest: string | null;
}

/**
 * /create_server's self-hosted card (spec-1 §2): the download wizard for a first-time company, otherwise the
 * way to /downloads and a serial number dialog; disabled with an upgrade hint without the capability.
 */
export function SelfHostedCard({ allowed, downloaded, latest }: SelfHostedCardProps) {
  const [step, setStep] = useState<WizardStep>(0);
  const [filename, setFilename] = useState('');
  const [serialOpen, setSerialOpen] = useState(false);
  const versions = downloadsQuery.useQuery({ page: 1, page_size: 50 }, { enabled: allowed && !downloaded });
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="self-hosted-title">
      <Stack gap="md">
        <Group gap="sm">
          <IconServer size={24} aria-hidden />
          <Title order={2} size="h3" id="self-hosted-title">
            Self-hosted server
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Run the backup server on your own machine, in your office or your cloud. You are charged for the devices it protects.
        </Text>
        {!allowed ? (
          <UpgradeHint action="Download the server" reason="Upgrade your plan to run your own server" />
        ) : downloaded ? (
          <Group>
            <Button component={Link} to="/downloads" leftSection={<IconDownload size={16} aria-hidden />}>
              Go to downloads
            </Button>
            <Button variant="default" onClick={() => setSerialOpen(true)}>
              Generate a serial number
            </Button>
          </Group>
        ) : versions.isPending ? (
          <CardSkeleton label="Loading versions" lines={2} />
        ) : !versions.data?.rows.length ? (
          <Text size="sm">No installer has been released yet. Versions appear on Downloads once they are.</Text>
        ) : step === 0 ? (
          <PickStep
            versions={versions.data.rows}
            latest={latest}
            onDownload={(platform, name) => {
              setFilename(name);
              setStep(stepAfterDownload(platform));
            }}
          />
        ) : step === 3 ? (
          <LinuxStep filename={filename} />
        ) : (
          <NextStepsStep />
        )}
      </Stack>
      {serialOpen ? <SerialDialog onClose={() => setSerialOpen(false)} /> : null}
    </Card>
  );
}
