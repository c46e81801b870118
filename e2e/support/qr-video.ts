import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/**
 * Writes a Y4M video (what Chromium's `--use-file-for-fake-video-capture`
 * plays as the camera) showing the QR code of `png` on a white page, centred
 * and `qrSide` pixels wide: a phone held over a sticker.
 */
export function writeQrVideo(
  png: Buffer,
  file: string,
  { width = 640, height = 480, qrSide = 280 } = {},
): void {
  const image = PNG.sync.read(png);
  const y = Buffer.alloc(width * height, 255);
  const left = Math.floor((width - qrSide) / 2);
  const top = Math.floor((height - qrSide) / 2);
  for (let row = 0; row < qrSide; row++) {
    for (let col = 0; col < qrSide; col++) {
      const sx = Math.floor((col * image.width) / qrSide);
      const sy = Math.floor((row * image.height) / qrSide);
      const i = (sy * image.width + sx) * 4;
      const luma =
        0.299 * (image.data[i] ?? 255) +
        0.587 * (image.data[i + 1] ?? 255) +
        0.114 * (image.data[i + 2] ?? 255);
      y[(top + row) * width + left + col] = Math.round(luma);
    }
  }
  // Grey image: both chroma planes at their neutral value.
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, frame, frame]));
}
