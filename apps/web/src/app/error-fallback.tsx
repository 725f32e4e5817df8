import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { reportError } from './report-error';

interface ErrorFallbackProps {
  error: unknown;
  onRetry: () => void;
}

/** The error catalogue's boundary: 'Something went wrong!', a Try again link and the reported error code. */
export function ErrorFallback({ error, onRetry }: ErrorFallbackProps) {
  const [code, setCode] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void reportError(error).then((reported) => {
      if (current) setCode(reported);
    });
    return () => {
      current = false;
    };
  }, [error]);

  return (
    <Paper withBorder p="xl" radius="md" maw={520} mx="auto" mt="xl" role="alert">
      <Stack gap="sm">
        <Title order={1} size="h2">
          Something went wrong!
        </Title>
        <Anchor component="button" type="button" onClick={onRetry} ta="left">
          Try again
        </Anchor>
        {code && <Text size="sm">Error Code: {code}</Text>}
      </Stack>
    </Paper>
  );
}
