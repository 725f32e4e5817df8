/** Tests read a PDF's text with poppler's pdftotext (Debian poppler-utils; scripts/ensure-test-tools.sh installs it). */
import { execFileSync } from 'node:child_process';

export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}
