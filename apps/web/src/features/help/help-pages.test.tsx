import { getAuthContext } from '@portal/contract/auth/auth-context';
import { featureVotingSso, listResources } from '@portal/contract/help/resources';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authContext } from '../../test/auth-fixtures';
import { on } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { BOARD_HEIGHT_POLL_MS } from './components/feature-voting-page';

const CUSTOMER = authContext();
const BOARD = 'https://feedback.example.net';

describe('/resource', () => {
  it('links each configured resource, outside ones in a new tab and feature voting inside the portal', async () => {
    await renderApp('/resource', [
      on(getAuthContext, () => CUSTOMER),
      on(listResources, () => ({
        resources: [
          { key: 'documentation' as const, label: 'Documentation', description: 'Read the docs.', url: 'https://docs.example.com/' },
          { key: 'feature_voting' as const, label: 'Feature voting', description: 'Vote.', url: '/feature_voting' },
        ],
      })),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Resources' });
    const docs = await screen.findByRole('link', { name: 'Documentation (opens in a new tab)' });
    expect(docs.getAttribute('href')).toBe('https://docs.example.com/');
    expect(docs.getAttribute('target')).toBe('_blank');
    expect(docs.getAttribute('rel')).toBe('noopener noreferrer');
    const voting = screen.getByRole('link', { name: 'Feature voting' });
    expect(voting.getAttribute('href')).toBe('/feature_voting');
    expect(voting.getAttribute('target')).toBeNull();
    expect(screen.queryByRole('link', { name: /Blog/ })).toBeNull();
  });
});

describe('/feature_voting', () => {
  afterEach(() => vi.useRealTimers());

  const frame = () => screen.findByTitle('Feature voting board') as Promise<HTMLIFrameElement>;

  it("frames the board at the page's place with the user's sign-in, and fits the frame to the height the board reports", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = await renderApp('/feature_voting/ideas/7', [
      on(getAuthContext, () => CUSTOMER),
      on(featureVotingSso, (body) => ({ board_url: `${BOARD}/${body.path}?ssoToken=t0k3n`, board_origin: BOARD })),
    ]);
    const iframe = await frame();
    expect(api.callsTo(featureVotingSso)[0]?.body).toEqual({ path: 'ideas/7' });
    expect(iframe.getAttribute('src')).toBe(`${BOARD}/ideas/7?ssoToken=t0k3n`);
    expect(iframe.style.height).toBe('480px');

    const asked = vi.fn();
    Object.defineProperty(iframe, 'contentWindow', { value: { postMessage: asked } });
    // The page asks the board for its height on an interval: move the clock to the next ask rather than wait for it.
    act(() => vi.advanceTimersByTime(BOARD_HEIGHT_POLL_MS));
    expect(asked).toHaveBeenCalledWith({ type: 'feature-board:height?' }, BOARD);

    const answer = (origin: string, height: unknown, source: unknown = iframe.contentWindow) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { origin, data: { type: 'feature-board:height', height }, source: source as Window }),
        );
      });
    answer('https://evil.example.com', 2000);
    answer(BOARD, 2000, window);
    answer(BOARD, 'tall');
    expect(iframe.style.height).toBe('480px');
    answer(BOARD, 1234.2);
    expect(iframe.style.height).toBe('1235px');
  });

  it('stays empty when no board is configured', async () => {
    const { api } = await renderApp('/feature_voting', [
      on(getAuthContext, () => CUSTOMER),
      on(featureVotingSso, () => ({ board_url: null, board_origin: null })),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Feature voting' });
    await waitFor(() => expect(screen.queryByLabelText('Loading the feature voting board')).toBeNull());
    expect(screen.queryByTitle('Feature voting board')).toBeNull();
    expect(api.callsTo(featureVotingSso)[0]?.body).toEqual({ path: '' });
  });
});
