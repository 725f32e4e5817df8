// Sets the colour scheme before the first paint (the CSP allows no inline script): the saved choice, else the system's.
// The key is COLOR_SCHEME_STORAGE_KEY in src/app/color-scheme.ts; Mantine's provider takes over once the app loads.
(() => {
  let scheme = 'auto';
  try {
    const saved = window.localStorage.getItem('portal-color-scheme');
    if (saved === 'light' || saved === 'dark' || saved === 'auto') scheme = saved;
  } catch {}
  if (scheme === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
