// No zod here: the web's route tree (its first load) reads these without the paging schemas.

/** Page size choices offered by every table; 'Unlimited' is 9999999. */
export const PAGE_SIZE_CHOICES = [10, 20, 50, 100, 1000, 9_999_999] as const;
export const DEFAULT_PAGE_SIZE = 100;
export const UNLIMITED_PAGE_SIZE = 9_999_999;
