import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { notifySuccess } from '../components/feedback/notify';
import { Providers } from './providers';
import { createQueryClient } from './query-client';

describe('the toast host', () => {
  it('renders no toast container until the first toast, then shows it', async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <p>Page</p>
      </Providers>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    act(() => notifySuccess('Company saved'));
    expect(await screen.findByText('Company saved')).toBeTruthy();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
  });
});
