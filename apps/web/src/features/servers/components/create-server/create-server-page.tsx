import { Alert, SimpleGrid } from '@mantine/core';
import type { AuthContext } from '@portal/contract/auth/auth-context';
import { CardSkeleton } from '../../../../components/page/page-skeleton';
import { PageHeader } from '../../../../components/page/page-header';
import { errorMessage } from '../../../../lib/api-error';
import { createServerPageQuery } from '../../../downloads/api';
import { HostedCard } from './hosted-card';
import { SelfHostedCard } from './self-hosted-card';

/** /create_server (spec-1 §2): the ways to get a backup server, each card gated by its capability. */
export function CreateServerPage({ auth }: { auth: AuthContext }) {
  const page = createServerPageQuery.useQuery({});
  return (
    <>
      <PageHeader title="Create a server" description="Choose where your backup server runs. You can add more later." />
      {page.error ? (
        <Alert color="red" role="alert" title="Could not load this page">
          {errorMessage(page.error)}
        </Alert>
      ) : !page.data ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <CardSkeleton label="Loading" lines={4} />
          <CardSkeleton label="Loading" lines={4} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <HostedCard auth={auth} firstTime={!page.data.server_downloaded} />
          <SelfHostedCard
            allowed={auth.capabilities.includes('use_self_hosted')}
            downloaded={page.data.server_downloaded}
            latest={page.data.server_latest_version}
          />
        </SimpleGrid>
      )}
    </>
  );
}
