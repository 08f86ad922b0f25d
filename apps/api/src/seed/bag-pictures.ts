import type { Color } from '@bagshop/shared/catalogue';
import sharp from 'sharp';

export type BagShape = 'handbag' | 'backpack' | 'tote' | 'duffel' | 'briefcase' | 'wallet';

const HEX: Record<Color, string> = {
  Beige: '#d8c3a0',
  Brown: '#7b4a2a',
  White: '#f4f4f1',
  Black: '#262626',
  Pink: '#e88fb0',
  Green: '#3f8a4f',
  Red: '#c0392b',
  Orange: '#e67e22',
  Violet: '#7d4fa8',
  Blue: '#2f6db5',
  Yellow: '#f2c230',
};
const LIGHT: ReadonlySet<Color> = new Set(['Beige', 'White', 'Yellow', 'Pink']);

function darker(hex: string, by: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((n >> shift) & 255) * (1 - by))
      .toString(16)
      .padStart(2, '0');
  return `#${channel(16)}${channel(8)}${channel(0)}`;
}

/** Bag outlines on a 600 × 600 canvas: body in the bag colour, details in a darker shade. */
function shapeOf(shape: BagShape, body: string, dark: string): string {
  const line = `fill="none" stroke="${dark}" stroke-linecap="round" stroke-linejoin="round"`;
  const solid = `fill="${body}" stroke="${dark}" stroke-width="6" stroke-linejoin="round"`;
  switch (shape) {
    case 'handbag':
      return `<path d="M215 255 C215 120 385 120 385 255" ${line} stroke-width="20"/>
        <path d="M150 250 L450 250 L495 500 L105 500 Z" ${solid}/>
        <path d="M150 250 L300 335 L450 250" ${line} stroke-width="6"/>
        <circle cx="300" cy="335" r="14" fill="#d4af37" stroke="${dark}" stroke-width="4"/>`;
    case 'backpack':
      return `<path d="M262 150 C262 100 338 100 338 150" ${line} stroke-width="16"/>
        <rect x="150" y="205" width="26" height="260" rx="12" fill="${dark}"/>
        <rect x="424" y="205" width="26" height="260" rx="12" fill="${dark}"/>
        <rect x="170" y="140" width="260" height="365" rx="80" ${solid}/>
        <path d="M205 215 Q300 180 395 215" ${line} stroke-width="6"/>
        <rect x="210" y="335" width="180" height="135" rx="34" fill="${dark}" opacity="0.35"/>
        <path d="M230 370 L370 370" ${line} stroke-width="5"/>`;
    case 'tote':
      return `<path d="M215 235 C215 85 290 85 290 235" ${line} stroke-width="14"/>
        <path d="M310 235 C310 85 385 85 385 235" ${line} stroke-width="14"/>
        <path d="M135 230 L465 230 L430 505 L170 505 Z" ${solid}/>
        <path d="M150 275 L450 275" ${line} stroke-width="5" opacity="0.6"/>`;
    case 'duffel':
      return `<path d="M215 260 C215 165 385 165 385 260" ${line} stroke-width="18"/>
        <rect x="95" y="250" width="410" height="230" rx="110" ${solid}/>
        <path d="M160 285 L440 285" ${line} stroke-width="6"/>
        <circle cx="150" cy="365" r="42" fill="${dark}" opacity="0.35"/>
        <circle cx="450" cy="365" r="42" fill="${dark}" opacity="0.35"/>`;
    case 'briefcase':
      return `<path d="M245 215 L245 170 Q245 150 265 150 L335 150 Q355 150 355 170 L355 215" ${line} stroke-width="16"/>
        <rect x="105" y="210" width="390" height="285" rx="26" ${solid}/>
        <path d="M105 295 L495 295" ${line} stroke-width="6"/>
        <rect x="185" y="280" width="36" height="44" rx="6" fill="#d4af37" stroke="${dark}" stroke-width="4"/>
        <rect x="379" y="280" width="36" height="44" rx="6" fill="#d4af37" stroke="${dark}" stroke-width="4"/>`;
    case 'wallet':
      return `<rect x="115" y="190" width="370" height="250" rx="30" ${solid}/>
        <path d="M115 250 L485 250 L485 330 Q485 345 470 345 L330 345 Q300 345 300 315 L300 250" ${solid}/>
        <circle cx="440" cy="298" r="14" fill="#d4af37" stroke="${dark}" stroke-width="4"/>
        <path d="M150 400 L260 400" ${line} stroke-width="5" opacity="0.6"/>`;
  }
}

export function bagSvg(shape: BagShape, color: Color, size: number): string {
  const body = HEX[color];
  const dark = darker(body, LIGHT.has(color) ? 0.35 : 0.45);
  const [top, bottom] = LIGHT.has(color) ? ['#e6eef5', '#cfdbe6'] : ['#fbf7f1', '#efe6da'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 600 600">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#bg)"/>
    <ellipse cx="300" cy="520" rx="215" ry="22" fill="#000" opacity="0.08"/>
    ${shapeOf(shape, body, dark)}
  </svg>`;
}

/** A large (1200 px) and a thumbnail (400 px) webp picture; flat drawings need little encoding effort. */
export async function renderBag(shape: BagShape, color: Color): Promise<{ large: Buffer; thumb: Buffer }> {
  const [large, thumb] = await Promise.all(
    [1200, 400].map((size) =>
      sharp(Buffer.from(bagSvg(shape, color, size)))
        .webp({ quality: 82, effort: 1 })
        .toBuffer(),
    ),
  );
  return { large, thumb };
}
