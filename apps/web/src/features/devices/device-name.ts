import { UAParser } from 'ua-parser-js';

/**
 * A readable browser and system from a User-Agent header, e.g.
 * 'Chrome 126 · Android 14' or 'Safari 17 · iOS 17.4'.
 */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Dispositivo desconhecido';
  const { browser, os } = UAParser(userAgent);
  // 'Mobile Chrome' / 'Mobile Safari': the system already says it is a phone.
  const browserName = [browser.name?.replace(/^Mobile /, ''), browser.major].filter(Boolean).join(' ');
  const osName = [os.name, os.version].filter(Boolean).join(' ');
  const parts = [browserName, osName].filter((p) => p !== '');
  return parts.length > 0 ? parts.join(' · ') : 'Navegador desconhecido';
}
