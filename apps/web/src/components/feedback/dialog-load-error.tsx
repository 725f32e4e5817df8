import { Alert, Button, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../lib/api-error';

/** spec-1 §8: a dialog whose data does not load says so in these words. */
export const DIALOG_LOAD_FAILED = 'Failed to load data for component';

/**
 * What a dialog shows in place of its content when the data it opens with cannot be loaded: the spec's words,
 * the reason, and a way to try again without closing it (docs/design.md, "Loading").
 */
export function DialogLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" role="alert" title={DIALOG_LOAD_FAILED}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
