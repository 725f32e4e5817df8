/** The wall's username and password, kept in this browser (spec-2 §2.9: "credentials are stored locally"). */
export interface TvCredentials {
  username: string;
  password: string;
}

export const TV_CREDENTIALS_KEY = 'reports-tv-credentials';

export function readTvCredentials(): TvCredentials | null {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(TV_CREDENTIALS_KEY) ?? 'null');
    if (parsed && typeof parsed === 'object' && 'username' in parsed && 'password' in parsed) {
      const { username, password } = parsed;
      if (typeof username === 'string' && typeof password === 'string') return { username, password };
    }
  } catch {
    // Unreadable: as if none were stored.
  }
  return null;
}

export function saveTvCredentials(credentials: TvCredentials): void {
  window.localStorage.setItem(TV_CREDENTIALS_KEY, JSON.stringify(credentials));
}

export function clearTvCredentials(): void {
  window.localStorage.removeItem(TV_CREDENTIALS_KEY);
}
