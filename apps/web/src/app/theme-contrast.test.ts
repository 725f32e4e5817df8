import { describe, expect, it } from 'vitest';
import { COLOR_ROLES, theme } from './theme';

/** WCAG 2.x relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `top` at `alpha` over `bottom`, as #rrggbb. */
function over(top: string, alpha: number, bottom: string): string {
  const mix = [1, 3, 5].map((i) =>
    Math.round(Number.parseInt(top.slice(i, i + 2), 16) * alpha + Number.parseInt(bottom.slice(i, i + 2), 16) * (1 - alpha)),
  );
  return `#${mix.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

const TEXT_ROLES = ['text', 'dimmed', 'link', 'danger', 'success', 'warning'] as const;
const brand = theme.colors?.brand ?? [];

describe('colour roles', () => {
  for (const scheme of ['light', 'dark'] as const) {
    const roles = COLOR_ROLES[scheme];
    for (const role of TEXT_ROLES) {
      it(`${scheme}: ${role} text is at least 4.5:1 on the surface and the canvas`, () => {
        expect(contrast(roles[role], roles.surface)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(roles[role], roles.canvas)).toBeGreaterThanOrEqual(4.5);
      });
    }
    it(`${scheme}: the focus ring is at least 3:1 on both backgrounds`, () => {
      expect(contrast(roles.focus, roles.surface)).toBeGreaterThanOrEqual(3);
      expect(contrast(roles.focus, roles.canvas)).toBeGreaterThanOrEqual(3);
    });
  }

  it('white text on filled primary controls is at least 4.5:1 in both schemes', () => {
    expect(contrast('#ffffff', brand[7] ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', brand[6] ?? '')).toBeGreaterThanOrEqual(4.5);
    expect(theme.primaryShade).toEqual({ light: 7, dark: 6 });
  });

  it('the current navigation item (link colour on its tint) is at least 4.5:1', () => {
    expect(contrast(COLOR_ROLES.light.link, brand[0] ?? '')).toBeGreaterThanOrEqual(4.5);
    const darkTint = over(brand[6] ?? '', 0.16, COLOR_ROLES.dark.surface);
    expect(contrast(COLOR_ROLES.dark.link, darkTint)).toBeGreaterThanOrEqual(4.5);
  });
});
