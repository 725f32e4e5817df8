import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { reportError } from './report-error';

interface ErrorFallbackProps {
  error: unknown;
  onRetry: () => void;
}

/**
 * The error catalogue's boundary: 'Something went wrong!', Try again and the reported error code; beside
 * Try again, a way out to the dashboard ('/' goes to the user's home). A plain link, as the outer boundary
 * renders outside the router. The error's own text is not shown: the code is what support needs.
 */
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
    <Paper withBorder shadow="xs" p="xl" maw={520} mx="auto" mt="xl" role="alert">
      <Stack gap="md" align="flex-start">
        <ThemeIcon variant="light" color="red" size={44} radius="xl" aria-hidden>
          <IconAlertTriangle size={24} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4}>
          <Title order={1} size="h2">
            Something went wrong!
          </Title>
          <Text c="dimmed" size="sm">
            The page could not be shown. Try again, or go back to your dashboard.
          </Text>
        </Stack>
        <Group gap="sm">
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
            Try again
          </Button>
          <Button component="a" href="/" variant="default" leftSection={<IconHome size={16} aria-hidden />}>
            Go to dashboard
          </Button>
        </Group>
        {code && (
          <Text size="xs" c="dimmed" ff="monospace">
            Error Code: {code}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
