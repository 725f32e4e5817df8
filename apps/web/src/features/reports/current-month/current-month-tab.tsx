import { SimpleGrid, Stack, Text } from '@mantine/core';
import { BoosterMovers, DeviceMovers, ServersByVersion, SignupEngagement } from './fleet-widgets';
import { ActivePartners, BoosterTotals, DeviceOsByMonth, MonthlyTotals, SignupsByMonth } from './trend-widgets';

/** /reports, Current Month: the nine admin widgets, each from its cache with a Refresh (decision 0059). */
export function CurrentMonthTab() {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Figures are computed ahead every few minutes; Refresh computes a widget again now. Days and months are Pacific/Auckland.
        Definitions: decision 0059.
      </Text>
      <MonthlyTotals />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SignupsByMonth />
        <ActivePartners />
        <BoosterTotals />
        <DeviceOsByMonth />
      </SimpleGrid>
      <DeviceMovers />
      <BoosterMovers />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <ServersByVersion />
        <SignupEngagement />
      </SimpleGrid>
    </Stack>
  );
}
