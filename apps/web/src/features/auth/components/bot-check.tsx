import { Input, Stack, Text } from '@mantine/core';
import { getBotChallenge } from '@portal/contract/account/password';
import type {} from 'altcha/types/react';
import { useEffect, useId, useRef, useState } from 'react';

interface BotCheckProps {
  /** The solved challenge's payload, or null while it is not (or no longer) solved. */
  onChange: (payload: string | null) => void;
  error: string | undefined;
}

interface StateChangeDetail {
  state?: string;
  payload?: string | null;
}

/**
 * The self-hosted proof-of-work check (ALTCHA). The widget's own checkbox is a labelled native
 * input, so it works by keyboard; the group around it names the check for assistive technology.
 * The widget's code loads only on the pages that use it.
 */
export function BotCheck({ onChange, error }: BotCheckProps) {
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const widget = useRef<HTMLElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    let live = true;
    import('./altcha-setup').then(
      () => live && setStatus('ready'),
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (status !== 'ready' || !element) return;
    const changed = (event: Event) => {
      const detail = (event as CustomEvent<StateChangeDetail | undefined>).detail;
      onChangeRef.current(detail?.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', changed);
    return () => element.removeEventListener('statechange', changed);
  }, [status]);

  return (
    <Stack gap={4} role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
      <Input.Label id={labelId} required>
        Bot check
      </Input.Label>
      {status === 'loading' && <Text size="sm">Loading the bot check…</Text>}
      {status === 'failed' && (
        <Text size="sm" c="red.8" role="alert">
          The bot check could not load. Please reload the page.
        </Text>
      )}
      {status === 'ready' && <altcha-widget ref={widget} challenge={getBotChallenge.path} />}
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </Stack>
  );
}
