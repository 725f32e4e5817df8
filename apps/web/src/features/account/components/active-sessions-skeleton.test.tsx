import { listSessions } from '@portal/contract/auth/sessions';
import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActiveSessions } from './active-sessions';
import { fakeApi, on } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';

describe('screens that load', () => {
  it('show the shape of what is coming, announced as busy, then the content', async () => {
    fakeApi([on(listSessions, () => [])]);
    renderWithProviders(<ActiveSessions />);
    const skeleton = screen.getByRole('status', { name: 'Loading sessions' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.querySelector('.mantine-Skeleton-root')).not.toBeNull();
    await waitForElementToBeRemoved(skeleton);
    expect(screen.queryByRole('status', { name: /Loading/ })).toBeNull();
  });
});
