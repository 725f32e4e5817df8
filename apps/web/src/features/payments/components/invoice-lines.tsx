import { ActionIcon, NumberInput, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { InvoiceLineValues } from '../lib/invoice-form';

const moneyProps = { min: 0, step: 0.01, decimalScale: 2, prefix: '$', thousandSeparator: ',', allowNegative: false } as const;

interface Props {
  lines: InvoiceLineValues[];
  /** Keyed by path, 'target_line_items.0.cost', as the contract and the server name them. */
  errors: Record<string, string>;
  onChange: (index: number, change: Partial<InvoiceLineValues>) => void;
  onRemove: (index: number) => void;
}

/** A new invoice's line items, edited in place; the last line cannot be removed. */
export function InvoiceLines({ lines, errors, onChange, onRemove }: Props) {
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Item</Table.Th>
          <Table.Th w={110}>Quantity</Table.Th>
          <Table.Th w={150}>Cost</Table.Th>
          <Table.Th w={50}>
            <VisuallyHidden>Remove</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved; they are edited in place.
          <Table.Tr key={i}>
            <Table.Td>
              <TextInput
                aria-label={`Item ${i + 1}`}
                value={line.item}
                onChange={(e) => onChange(i, { item: e.currentTarget.value })}
                error={errors[`target_line_items.${i}.item`]}
                maxLength={200}
              />
            </Table.Td>
            <Table.Td>
              <NumberInput
                aria-label={`Quantity ${i + 1}`}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                value={line.quantity}
                onChange={(q) => onChange(i, { quantity: q })}
                error={errors[`target_line_items.${i}.quantity`]}
              />
            </Table.Td>
            <Table.Td>
              <NumberInput
                aria-label={`Cost ${i + 1} (dollars)`}
                {...moneyProps}
                value={line.cost}
                onChange={(c) => onChange(i, { cost: c })}
                error={errors[`target_line_items.${i}.cost`]}
              />
            </Table.Td>
            <Table.Td>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove line ${i + 1}`}
                disabled={lines.length === 1}
                onClick={() => onRemove(i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
