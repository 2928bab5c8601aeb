/**
 * Text that stays readable on a coloured ground: dark ink on light colours, white on dark ones (the
 * outcome bars' percentages on GBA's dark "routs"), by the colour's relative luminance (WCAG 2).
 */

/** Relative luminance of a "#rrggbb" colour, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return 1;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => {
    const c = parseInt(x!, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The page's dark ink, or white where it reads better (the higher contrast ratio wins). */
export function inkOn(hex: string): string {
  const l = luminance(hex);
  const dark = luminance('#1d2329');
  return (l + 0.05) / (dark + 0.05) >= 1.05 / (l + 0.05) ? '#1d2329' : '#ffffff';
}
