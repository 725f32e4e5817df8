import { Anchor } from '@mantine/core';

export const MAIN_CONTENT_ID = 'main-content';

/** Lets keyboard users jump past the header and navbar; visible only while focused. */
export function SkipLink() {
  return (
    <Anchor
      href={`#${MAIN_CONTENT_ID}`}
      pos="fixed"
      top={8}
      left={8}
      px="sm"
      py={6}
      fw={600}
      bg="var(--app-color-surface)"
      bd="1px solid var(--app-color-border)"
      style={{ zIndex: 1000, transform: 'translateY(-200%)', borderRadius: 'var(--mantine-radius-md)' }}
      onFocus={(event) => {
        event.currentTarget.style.transform = 'none';
      }}
      onBlur={(event) => {
        event.currentTarget.style.transform = 'translateY(-200%)';
      }}
    >
      Skip to content
    </Anchor>
  );
}
