import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CardSkeleton, PageSkeleton, TableSkeleton } from './page-skeleton';

describe('skeletons', () => {
  it('announce what is loading once and hide their shapes from screen readers', () => {
    renderWithProviders(
      <>
        <TableSkeleton label="Loading users" rows={3} columns={2} />
        <CardSkeleton label="Loading company" />
        <PageSkeleton label="Loading dashboard" />
      </>,
    );
    for (const name of ['Loading users', 'Loading company', 'Loading dashboard']) {
      const region = screen.getByRole('status', { name });
      expect(region.getAttribute('aria-busy')).toBe('true');
      expect(region.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    }
    const table = screen.getByRole('status', { name: 'Loading users' });
    expect(table.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(2 * (3 + 1));
  });
});
