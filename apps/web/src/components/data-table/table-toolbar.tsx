import { Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ExportFormat } from '../../lib/api-client';
import { ColumnChooser } from './column-chooser';
import { ExportMenu } from './export-menu';

interface TableToolbarProps {
  label: string;
  /** Null for a list that takes no search: no box that would match nothing. */
  search: { text: string; onChange: (text: string) => void } | null;
  columns: { accessor: string; label: string }[];
  hidden: string[];
  onHiddenChange: (hidden: string[]) => void;
  /** Absent for a list the server does not export. */
  onExport: ((format: ExportFormat) => Promise<void>) | undefined;
  /** The page's own controls, before the column chooser. */
  children?: ReactNode;
}

/** Above the table: the search box, the page's controls, the column chooser and the export menu. */
export function TableToolbar({ label, search, columns, hidden, onHiddenChange, onExport, children }: TableToolbarProps) {
  return (
    <Group justify={search ? 'space-between' : 'flex-end'} gap="sm">
      {search && (
        <TextInput
          aria-label={`Search ${label}`}
          placeholder="Search"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.text}
          onChange={(event) => search.onChange(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
      )}
      <Group gap="xs">
        {children}
        <ColumnChooser columns={columns} hidden={hidden} onChange={onHiddenChange} />
        {onExport && <ExportMenu onExport={onExport} />}
      </Group>
    </Group>
  );
}
