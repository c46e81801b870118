import { describe, expect, it } from 'vitest';
import { CHAT_IMAGE_MAX_SIDE, outputSize } from './crop-image.ts';

describe('the size of a cropped chat image', () => {
  it('keeps a small crop as it is', () => {
    expect(outputSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });

  it(`scales a large crop down to ${CHAT_IMAGE_MAX_SIDE} px on its longer side, keeping its shape`, () => {
    expect(outputSize({ width: 4000, height: 3000 })).toEqual({ width: 1600, height: 1200 });
    expect(outputSize({ width: 1000, height: 3200 })).toEqual({ width: 500, height: 1600 });
  });
});
