import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { PaginationFooter } from './pagination-footer';

const noop = () => {};

describe('PaginationFooter', () => {
  it('shows an exact total as it is', () => {
    renderWithProviders(<PaginationFooter page={2} pageSize={50} total={120} onPageChange={noop} onPageSizeChange={noop} />);
    expect(screen.getByText('Showing 51–100 of 120')).toBeTruthy();
  });

  it('shows a total the server stopped counting at as "10,000+"', () => {
    renderWithProviders(<PaginationFooter page={1} pageSize={50} total={10_000} totalCapped onPageChange={noop} onPageSizeChange={noop} />);
    expect(screen.getByText('Showing 1–50 of 10,000+')).toBeTruthy();
  });
});
