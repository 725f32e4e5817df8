import { Button, Menu } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ExportFormat } from '../../lib/api-client';
import { notifyFailure } from '../feedback/notify';

interface ExportMenuProps {
  onExport: (format: ExportFormat) => Promise<void>;
}

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel (xlsx)' },
];

/** Downloads the table's current query (search, sort and filters, every page) as CSV or Excel. */
export function ExportMenu({ onExport }: ExportMenuProps) {
  const [busy, setBusy] = useState(false);

  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await onExport(format);
    } catch (error) {
      notifyFailure('Export failed', error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={busy}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {FORMATS.map(({ format, label }) => (
          <Menu.Item key={format} onClick={() => void run(format)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
