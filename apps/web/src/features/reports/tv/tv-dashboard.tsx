import { Alert, Box, Button, Group, Loader, SimpleGrid, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { MonthlyTotalsPanel, SignupsByMonthPanel } from './tv-tab-panels';
import { TvCurrentStats } from './tv-current-stats';
import type { TvCredentials } from './tv-credentials';
import { formatClock } from './tv-format';
import { TV_TABS, type TvTab, useTvKeys } from './tv-keys';
import { TvTiles } from './tv-tiles';
import { useClock } from './use-clock';
import { useLive } from './use-live';

/** The signed-in wall: clock, tiles, current stats and the two tabs, driven from the keyboard. */
export function TvDashboard({ credentials, onLogout }: { credentials: TvCredentials; onLogout: () => void }) {
  const now = useClock();
  const [tab, setTab] = useState<TvTab>('monthly-totals');
  useTvKeys(tab, setTab, onLogout);
  const live = useLive(credentials, onLogout);
  const data = live.data;

  return (
    <Box p="xl">
      <Group justify="space-between" align="center" mb="xl">
        <Title order={1} fz={44}>
          Portal live
        </Title>
        <Group gap="xl">
          <Text fz={40} fw={600} ff="monospace" aria-live="off" data-testid="tv-clock">
            {formatClock(now)}
          </Text>
          <Button variant="subtle" color="gray" size="md" onClick={onLogout}>
            Log out (L)
          </Button>
        </Group>
      </Group>
      {live.isError && !data && (
        <Alert color="red" fz={24} mb="lg" role="alert">
          {errorMessage(live.error)}
        </Alert>
      )}
      {!data ? (
        !live.isError && <Loader size="xl" aria-label="Loading the figures" />
      ) : (
        <>
          <TvTiles days={data.daily_stats} />
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="xl" mt="xl">
            <Box>
              <TvCurrentStats latest={data.daily_stats.at(-1)} tickets={data.ticket_stats_7d} />
            </Box>
            <Box style={{ gridColumn: 'span 2' }}>
              <Tabs value={tab} onChange={(value) => value && setTab(value as TvTab)} variant="pills" keepMounted={false}>
                <Tabs.List mb="md">
                  {TV_TABS.map((t, i) => (
                    <Tabs.Tab key={t.value} value={t.value} fz={26}>
                      {`${i + 1} ${t.label}`}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                <Tabs.Panel value="monthly-totals">
                  <MonthlyTotalsPanel widget={data.report_admin_monthly_totals} />
                </Tabs.Panel>
                <Tabs.Panel value="signups-by-month">
                  <SignupsByMonthPanel widget={data.report_admin_signup_by_month} />
                </Tabs.Panel>
              </Tabs>
            </Box>
          </SimpleGrid>
        </>
      )}
    </Box>
  );
}
