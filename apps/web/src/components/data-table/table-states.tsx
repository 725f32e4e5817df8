import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-error';
import { EmptyState } from '../page/empty-state';
import classes from './data-table.module.css';

/** The list did not load: the reason, and Retry in place, so the page need not be reloaded. */
export function ListLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title="Could not load the list">
      <Group justify="space-between">
        {errorMessage(error)}
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

interface ListEmptyStateProps {
  searchQuery: string | undefined;
  title: string;
  description: ReactNode;
  action: ReactNode;
  onClearSearch: () => void;
}

/** No rows: "nothing matches the search" offers to clear it; "nothing yet" says what to do next (docs/design.md, Tables). */
export function ListEmptyState({ searchQuery, title, description, action, onClearSearch }: ListEmptyStateProps) {
  if (searchQuery)
    return (
      <EmptyState
        title={title}
        description={`Nothing matches “${searchQuery}”. Try fewer or different words.`}
        action={
          <Button variant="default" size="xs" className={classes.emptyAction} onClick={onClearSearch}>
            Clear search
          </Button>
        }
      />
    );
  return (
    <EmptyState title={title} description={description} action={action ? <div className={classes.emptyAction}>{action}</div> : undefined} />
  );
}
