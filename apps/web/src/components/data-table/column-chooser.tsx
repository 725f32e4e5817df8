import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useId } from 'react';

export interface ChoosableColumn {
  accessor: string;
  label: string;
}

interface ColumnChooserProps {
  columns: ChoosableColumn[];
  hidden: string[];
  onChange: (hidden: string[]) => void;
}

/** Table settings: a checkbox per column. The last visible column cannot be hidden. */
export function ColumnChooser({ columns, hidden, onChange }: ColumnChooserProps) {
  const headingId = useId();
  const visibleCount = columns.filter((column) => !hidden.includes(column.accessor)).length;

  const toggle = (accessor: string, visible: boolean) => {
    onChange(visible ? hidden.filter((item) => item !== accessor) : [...hidden, accessor]);
  };

  return (
    <Popover position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby={headingId}>
          <Text id={headingId} fw={600} size="sm">
            Columns
          </Text>
          {columns.map((column) => {
            const visible = !hidden.includes(column.accessor);
            return (
              <Checkbox
                key={column.accessor}
                label={column.label}
                checked={visible}
                disabled={visible && visibleCount === 1}
                onChange={(event) => toggle(column.accessor, event.currentTarget.checked)}
              />
            );
          })}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
