import { Progress, Stack, Text } from '@mantine/core';
import { passwordStrength } from './password-strength';

const COLOURS = ['red', 'red', 'yellow', 'green'] as const;

function PasswordStrengthHint({ password, personal }: { password: string; personal: readonly string[] }) {
  const hint = passwordStrength(password, personal);
  return (
    <Stack gap={4} mt={6}>
      <Progress value={(hint.score / 3) * 100} color={COLOURS[hint.score]} size="sm" aria-hidden />
      <Text size="sm" c="var(--mantine-color-text)">
        <Text span fw={600} inherit>{`Strength: ${hint.label}.`}</Text> {hint.tip}
      </Text>
    </Stack>
  );
}

/**
 * Props for a new-password PasswordInput: a meter and a one-line tip under the field, which the field
 * names as its description (aria-describedby). An estimate only; the server's check decides.
 * `personal` are the user's own details (email, name), which make a password weak.
 */
export function passwordStrengthProps(password: string, personal: readonly string[] = []) {
  return {
    description: <PasswordStrengthHint password={password} personal={personal} />,
    descriptionProps: { component: 'div' },
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
  };
}
