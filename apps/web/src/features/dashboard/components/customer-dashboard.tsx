import { Anchor, Button, Card, Divider, Grid, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { type Icon, IconAddressBook, IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page/page-header';
import { AccountStatusCard } from './account-status-card';
import { CompanySummaryCard } from './company-summary-card';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed" fw={500}>
        {term}
      </Text>
      <Text component="dd" size="sm" m={0} truncate="end">
        {children}
      </Text>
    </div>
  );
}

/** A place the customer can go, as the navbar lists it. */
export interface Shortcut {
  to: string;
  label: string;
  icon?: Icon;
}

/** Regions other features fill (the app composes them): credit and usage come from billing. */
export interface DashboardSlots {
  /** Under the status card, across the page. */
  top?: ReactNode;
  /** The wide column, above the company. */
  main?: ReactNode;
  /** The narrow column, above the shortcuts. */
  side?: ReactNode;
}

interface CustomerDashboardProps {
  auth: AuthContext;
  /** The navbar's items this user may open, the dashboard itself left out (the app decides, from its nav). */
  shortcuts: readonly Shortcut[];
  slots?: DashboardSlots;
}

/**
 * The customer's home: what needs attention (trial days left, a pending deletion, a suspension), credit and
 * usage (the slots), the company, and the places they can go.
 */
export function CustomerDashboard({ auth, shortcuts, slots = {} }: CustomerDashboardProps) {
  const firstName = auth.contact_name.trim().split(/\s+/)[0];

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={firstName ? `Welcome back, ${firstName}.` : undefined}
        actions={
          // Contract billing and a distributor's sub-accounts do not top up here (spec-2 §6).
          auth.state === 'PENDING_DELETE' || !auth.capabilities.includes('use_billing_pages') ? null : (
            <Button component={Link} to="/topup" variant="default">
              Add credit
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <AccountStatusCard auth={auth} />
        {slots.top}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              {slots.main}
              <CompanySummaryCard auth={auth} showStatus={false}>
                <Divider my={4} />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
                  <Detail term="Account number">{auth.company_id}</Detail>
                  <Detail term="Your email">{auth.email}</Detail>
                </SimpleGrid>
              </CompanySummaryCard>
              {!auth.has_provided_address_info && (
                <Card>
                  <Group gap="md" wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                      <IconAddressBook size={22} stroke={1.6} />
                    </ThemeIcon>
                    <Stack gap={4}>
                      <Title order={2} size="h3">
                        Complete your company details
                      </Title>
                      <Text size="sm" c="dimmed">
                        Add your phone number and address; they appear on your invoices.
                      </Text>
                      <Anchor component={Link} to="/complete_signup" size="sm" fw={500}>
                        Add company details
                      </Anchor>
                    </Stack>
                  </Group>
                </Card>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              {slots.side}
              <Card padding={0}>
                <Title order={2} size="h3" px="lg" pt="lg" pb="xs">
                  Go to
                </Title>
                <nav aria-label="Shortcuts">
                  <Stack gap={0} pb="xs">
                    {shortcuts.map((item) => (
                      <UnstyledButton key={item.to} component={Link} to={item.to} px="lg" py="sm" className="app-row-link">
                        <Group gap="sm" wrap="nowrap">
                          {item.icon ? <item.icon size={18} stroke={1.6} aria-hidden /> : null}
                          <Text size="sm" fw={500} style={{ flex: 1 }}>
                            {item.label}
                          </Text>
                          <IconChevronRight size={16} aria-hidden color="var(--mantine-color-dimmed)" />
                        </Group>
                      </UnstyledButton>
                    ))}
                  </Stack>
                </nav>
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
