import { Alert, Button, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { TV_MESSAGES } from '@portal/contract/reports/tv';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { fetchLive, type LiveAnswer } from '../api/tv';
import type { TvCredentials } from './tv-credentials';

/** The wall's own sign-in: the pair is checked against the server before it is kept. */
export function TvLogin({ onSignedIn }: { onSignedIn: (credentials: TvCredentials, answer: LiveAnswer) => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await fetchLive({ username, password });
      if (answer === 'unauthorized') setError(TV_MESSAGES.invalid);
      else onSignedIn({ username, password }, answer);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="tv-login-title">
      <Stack maw={420} mx="auto" mt="10vh" gap="lg">
        <Title id="tv-login-title" order={1}>
          TV wall sign-in
        </Title>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          size="lg"
          label="Username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          required
        />
        <PasswordInput
          size="lg"
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          required
        />
        <Button size="lg" type="submit" loading={busy}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
