import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrRuns } from './qr-shapes.ts';

describe('qrRuns', () => {
  it('covers exactly the dark modules of the QR code, each run a maximal horizontal stretch', async () => {
    const text = 'https://pulso.example/code/123AB456';
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const { size, runs } = await qrRuns(text);
    expect(size).toBe(modules.size);
    const drawn = new Set<string>();
    for (const { row, start, length } of runs) {
      expect(length).toBeGreaterThan(0);
      // Maximal: the modules just before and after the run are light (or off the code).
      expect(start === 0 || !modules.get(row, start - 1)).toBe(true);
      expect(start + length === size || !modules.get(row, start + length)).toBe(true);
      for (let col = start; col < start + length; col++) drawn.add(`${row},${col}`);
    }
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        expect(drawn.has(`${row},${col}`), `${row},${col}`).toBe(Boolean(modules.get(row, col)));
      }
    }
  });
});
