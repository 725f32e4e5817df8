import { Button, Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { SERVERS_PAGE_SIZE } from '@portal/contract/servers/licences';
import { decodePayload } from '@portal/contract/servers/payload';
import type { AdminLicenceRow } from '@portal/contract/servers/server-tables';
import type { DataTableColumn } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { notifyFailure, notifySuccess } from '../../../components/feedback/notify';
import { PageHeader } from '../../../components/page/page-header';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { adminLicencesSource, useSetLicencePayload } from '../api';
import {
  type CalculatorState,
  calculatorPayload,
  featureDisabled,
  LICENCE_FEATURES,
  LIMIT_KEYS,
  limitsEditable,
  toggleFeature,
} from '../lib/licence-rules';
import { Modal } from '../../../components/modal/modal';

const LIMIT_LABELS: Record<(typeof LIMIT_KEYS)[number], string> = { max_devices: 'Maximum devices', max_boosters: 'Maximum boosters' };

function initialState(row: AdminLicenceRow): CalculatorState {
  return decodePayload(row.payload_override ?? row.plan_payload) ?? { features: 1, minimum_version: '23.3.0', limits: {} };
}

/** The payload calculator (spec-2 §5): ALL FEATURES disables the rest; limits only with OFFLINE. */
export function PayloadCalculator({ row, onClose }: { row: AdminLicenceRow; onClose: () => void }) {
  const [state, setState] = useState<CalculatorState>(() => initialState(row));
  const save = useSetLicencePayload();
  const payload = calculatorPayload(state);
  const editable = limitsEditable(state);
  const send = (target_payload: string | null) =>
    save.mutate(
      { target_serial: row.serial_number, target_payload },
      {
        onSuccess: () => {
          notifySuccess(target_payload === null ? 'Payload returned to the plan' : 'Payload saved');
          onClose();
        },
        onError: (error) => notifyFailure('Could not save the payload', error),
      },
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Payload calculator: ${row.name || row.serial_number}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Text size="sm">Plan payload: {row.plan_payload}</Text>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Text fw={500} size="sm">
              Features
            </Text>
          </legend>
          <Group gap="md">
            {LICENCE_FEATURES.map((f) => (
              <Checkbox
                key={f.name}
                label={f.name.replace(/_/g, ' ')}
                checked={(state.features & f.bit) !== 0}
                disabled={featureDisabled(state, f.bit)}
                onChange={(e) => setState(toggleFeature(state, f.bit, e.currentTarget.checked))}
              />
            ))}
          </Group>
        </fieldset>
        <TextInput
          label="Minimum version"
          value={state.minimum_version}
          onChange={(e) => setState({ ...state, minimum_version: e.currentTarget.value })}
        />
        <Group grow>
          {LIMIT_KEYS.map((k) => (
            <NumberInput
              key={k}
              label={LIMIT_LABELS[k]}
              description={editable ? undefined : 'Only with OFFLINE'}
              min={0}
              allowDecimal={false}
              disabled={!editable}
              value={state.limits[k] ?? ''}
              onChange={(v) => setState({ ...state, limits: { ...state.limits, [k]: typeof v === 'number' ? v : undefined } })}
            />
          ))}
        </Group>
        <TextInput label="Payload" readOnly value={payload} />
        <Group justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            onClick={() => send(null)}
            disabled={row.payload_override === null}
            loading={save.isPending}
          >
            Use the plan's payload
          </Button>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={() => send(payload)} loading={save.isPending}>
              Save override
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

type Tri = 'any' | 'yes' | 'no';
const tri = (v: Tri) => (v === 'any' ? null : v === 'yes');

/** /manage_servers: every licence, with the plan-override and valid-lease filters (spec-2 §2.11). */
export function ManageServersPage() {
  const [override, setOverride] = useState<Tri>('any');
  const [lease, setLease] = useState<Tri>('any');
  const [editing, setEditing] = useState<AdminLicenceRow | null>(null);
  const source = useMemo(() => adminLicencesSource({ has_plan_override: tri(override), has_valid_lease: tri(lease) }), [override, lease]);
  const columns: DataTableColumn<AdminLicenceRow>[] = [
    {
      accessor: 'serial_number',
      title: 'Serial',
      render: (r) => (
        <Text ff="monospace" size="sm">
          {r.serial_number}
        </Text>
      ),
    },
    { accessor: 'name', title: 'Name' },
    { accessor: 'enabled', title: 'Enabled', render: (r) => (r.archived ? 'Archived' : r.enabled ? 'Yes' : 'No') },
    { accessor: 'company_name', title: 'Company' },
    { accessor: 'plan_name', title: 'Plan' },
    { accessor: 'payload_diff', title: 'Payload', render: (r) => r.payload_diff || 'Plan' },
    { accessor: 'server_version', title: 'Version', render: (r) => r.server_version || 'Unknown' },
    { accessor: 'created_at', title: 'Created', render: (r) => formatDate(r.created_at) },
    { accessor: 'last_issue_end', title: 'Lease ends', render: (r) => (r.last_issue_end ? formatDateTime(r.last_issue_end) : '—') },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      render: (r) => (
        <Button size="xs" variant="light" onClick={() => setEditing(r)} aria-label={`Payload calculator for ${r.serial_number}`}>
          Payload
        </Button>
      ),
    },
  ];
  const filters = (
    <Group gap="lg">
      <Stack gap={2}>
        <Text size="xs" id="filter-override">
          Has plan override
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="filter-override"
          value={override}
          onChange={(v) => setOverride(v as Tri)}
          data={['any', 'yes', 'no']}
        />
      </Stack>
      <Stack gap={2}>
        <Text size="xs" id="filter-lease">
          Has valid lease
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="filter-lease"
          value={lease}
          onChange={(v) => setLease(v as Tri)}
          data={['any', 'yes', 'no']}
        />
      </Stack>
    </Group>
  );
  return (
    <>
      <PageHeader title="Manage servers" description="Every self-hosted licence, its payload and its lease." />
      <DataTable
        label="Server licences"
        source={source}
        columns={columns}
        defaultPageSize={SERVERS_PAGE_SIZE}
        toolbar={filters}
        idAccessor="serial_number"
        emptyText="No results found with that filter!"
      />
      {editing ? <PayloadCalculator row={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
