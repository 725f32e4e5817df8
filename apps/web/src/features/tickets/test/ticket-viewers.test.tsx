import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { TicketViewers, viewersSentence } from '../components/ticket-viewers';
import { readViewers, type TicketViewer } from '../components/use-ticket-live';

const ada: TicketViewer = { user_id: 1, contact_name: 'Ada Agent', is_staff: true };
const casey: TicketViewer = { user_id: 2, contact_name: 'Casey Customer', is_staff: false };
const more = [3, 4, 5].map((n) => ({ user_id: n, contact_name: `Agent ${n}`, is_staff: true }));

describe('who else is viewing', () => {
  it('names everyone in one sentence, customers marked', () => {
    expect(viewersSentence([])).toBe('');
    expect(viewersSentence([ada])).toBe('Ada Agent is also viewing');
    expect(viewersSentence([ada, casey])).toBe('Ada Agent and Casey Customer (customer) are also viewing');
  });

  it('reads the stream’s event and treats anything malformed as nobody', () => {
    expect(readViewers(JSON.stringify({ viewers: [ada, { user_id: 'x' }] }))).toEqual([ada]);
    expect(readViewers('not json')).toEqual([]);
    expect(readViewers('{}')).toEqual([]);
  });

  it('is a polite status region that stays in place when empty, with avatars hidden from screen readers', () => {
    const { rerender } = renderWithProviders(<TicketViewers viewers={[]} />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    rerender(<TicketViewers viewers={[ada, casey, ...more]} />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toContain('Ada Agent, Casey Customer (customer), Agent 3, Agent 4 and Agent 5 are also viewing');
    expect(region.querySelector('[aria-hidden="true"]')?.textContent).toContain('+2');
  });
});
