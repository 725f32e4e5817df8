import { Card, Table, Text } from '@mantine/core';
import { TableSkeleton } from '../../../../components/page/page-skeleton';
import type { ActiveService } from '@portal/contract/billing/active-services';
import { formatDate } from '../../../../lib/dates';
import { formatCents } from '../../../../lib/money';
import { SERVICE_KIND_LABEL } from '../../lib/service-kinds';
import { ScrollTable } from '../../../../components/table/scroll-table';
import { CardHeading, HeadingPlaceholder } from './card-heading';

/** The dashboard shows the first few services; the whole list is on /my_active_services. */
export const DASHBOARD_SERVICES = 5;

/** Spec-2 §2.8: the services table, a short one with a link to all of them. */
export function ServicesCard({ services, total }: { services: readonly ActiveService[]; total: number }) {
  return (
    <Card>
      <CardHeading title="Services" to="/my_active_services" linkLabel="All active services" mb="sm" />
      {services.length === 0 ? (
        <Text size="sm" c="dimmed">
          No services are running yet. They appear here, with what they cost, once your devices are backed up.
        </Text>
      ) : (
        <>
          <ScrollTable label="Services">
            <Table verticalSpacing="xs" miw={480}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Service</Table.Th>
                  <Table.Th>Details</Table.Th>
                  <Table.Th>Next due</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {services.slice(0, DASHBOARD_SERVICES).map((service) => (
                  <Table.Tr key={service.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{SERVICE_KIND_LABEL[service.type]}</Table.Td>
                    {/* Boosters and devices have no server to name: their price says which they are. */}
                    <Table.Td>{service.details || service.pricing_description}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(service.next_charge_again_at)}</Table.Td>
                    <Table.Td ta="right">{formatCents(service.amount)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {total > DASHBOARD_SERVICES && (
            <Text size="xs" c="dimmed" mt="xs">
              {DASHBOARD_SERVICES} of {total} services shown.
            </Text>
          )}
        </>
      )}
    </Card>
  );
}

/** The card while the services load: its heading and a table's shape of the rows it shows. */
export function ServicesCardSkeleton() {
  return (
    <Card>
      <HeadingPlaceholder>
        <CardHeading title="Services" to="/my_active_services" linkLabel="All active services" />
      </HeadingPlaceholder>
      <TableSkeleton label="Loading your services" rows={DASHBOARD_SERVICES} columns={4} />
    </Card>
  );
}
