/** Where the chosen colour scheme (light, dark or auto = follow the system) is kept; public/theme-init.js reads it too. */
export const COLOR_SCHEME_STORAGE_KEY = 'portal-color-scheme';
