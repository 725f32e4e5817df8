import { Anchor, Group, Text } from '@mantine/core';

interface LoginStepHeaderProps {
  email: string;
  onChangeEmail: () => void;
}

/** The account being signed in to, with the way back to the email step. */
export function LoginStepHeader({ email, onChangeEmail }: LoginStepHeaderProps) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" truncate="end">
        {email}
      </Text>
      <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
        Change email
      </Anchor>
    </Group>
  );
}
