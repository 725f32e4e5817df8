import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { PRODUCT_NAME } from '../../lib/product';

interface BrandMarkProps {
  /** Height and width in pixels. */
  size?: number;
}

/** The product's logo: a shield holding a cloud (backups kept safe off-site). Decorative: the name beside it is the text. */
export function BrandMark({ size = 28 }: BrandMarkProps) {
  const gradient = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" style={{ flexShrink: 0 }}>
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--mantine-color-brand-5)" />
          <stop offset="1" stopColor="var(--mantine-color-brand-8)" />
        </linearGradient>
      </defs>
      <path fill={`url(#${gradient})`} d="M16 2.5 27 6.6v8.1c0 7-4.6 12.4-11 14.8C9.6 27.1 5 21.7 5 14.7V6.6Z" />
      <path fill="#fff" d="M11.6 20.5h9a3.3 3.3 0 0 0 .5-6.56 4.6 4.6 0 0 0-8.86-.94 3.76 3.76 0 0 0-.64 7.5Z" />
    </svg>
  );
}

interface BrandProps {
  size?: number;
}

/** The mark and the product name, as the header and the sign-in pages show them. */
export function Brand({ size = 28 }: BrandProps) {
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={size} />
      <Text component="span" fw={650} fz="md" c="var(--mantine-color-bright)" style={{ letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
