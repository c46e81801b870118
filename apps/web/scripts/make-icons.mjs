// Makes the web app manifest's icons (docs/offline-card.md) from apps/web/public/favicon.svg:
// icon-192.png, icon-512.png and icon-maskable-512.png in apps/web/public/icons/.
// Run from the repository root after changing the favicon: `node apps/web/scripts/make-icons.mjs`
// (sharp comes with the server's dependencies). The PNGs are committed; the build does not run this.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const favicon = readFileSync(path.join(web, 'public', 'favicon.svg'), 'utf8');
const out = path.join(web, 'public', 'icons');
mkdirSync(out, { recursive: true });

/** The favicon drawn at `size` pixels (its rounded square, transparent corners). */
async function plain(size, file) {
  await sharp(Buffer.from(favicon), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
}

/**
 * Maskable: the brand blue to every edge (the platform cuts its own shape) and the favicon's pulse line
 * within the central 60 %, inside the 80 % safe zone of the maskable icon rules.
 */
async function maskable(size, file) {
  const line = /<path [^>]*\/>/.exec(favicon)?.[0];
  if (!line) throw new Error('favicon.svg has no <path> to reuse');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1971c2"/><g transform="translate(16 16) scale(0.6) translate(-16 -16.5)">${line}</g></svg>`;
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, file));
}

await plain(192, 'icon-192.png');
await plain(512, 'icon-512.png');
await maskable(512, 'icon-maskable-512.png');
console.log(`icons written to ${path.relative(process.cwd(), out)}`);
