import { randomInt } from 'node:crypto';

/** Capitals and digits without 0, O, 1 and I, which are misread when a serial is typed from a screen. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A random serial number: five groups of five, about 125 random bits (docs/decisions/0034). */
export function randomSerial(): string {
  const groups: string[] = [];
  for (let g = 0; g < 5; g++) {
    let group = '';
    for (let i = 0; i < 5; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** Where serials come from: a test swaps `next` to make draws collide, and puts it back. */
export const serialSource = { next: randomSerial };

/** A new serial number, from the source. */
export function newSerial(): string {
  return serialSource.next();
}
