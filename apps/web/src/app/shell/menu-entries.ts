import { type PathKey, pageTitles, paths } from '../../lib/paths.ts';
import type { IconName } from '../../ui/icon.tsx';

/** One link of the shell's navigation. */
export interface NavEntry {
  key: PathKey;
  to: string;
  label: string;
  /** Label used where space is short (phones); always a part of `label` (WCAG 2.5.3). */
  shortLabel?: string;
  icon: IconName;
}

function entry(key: PathKey, icon: IconName, shortLabel?: string): NavEntry {
  return { key, to: paths[key], label: pageTitles[key], icon, shortLabel };
}

/** Drawer entries, in the order of docs/architecture.md "Shell"; 'Sair' follows them. */
export const drawerEntries: readonly NavEntry[] = [
  entry('settings', 'settings'),
  entry('qrcodeGenerate', 'qrcode'),
  entry('cartao', 'emergency'),
  entry('permissoes', 'lock'),
  entry('qrcodeRead', 'scan'),
  entry('mapaDor', 'body'),
  entry('indicador', 'chart'),
  entry('scoreQuestions', 'star'),
  entry('dicas', 'bulb'),
  entry('planos', 'card'),
  entry('faqs', 'help'),
  entry('devices', 'device'),
];

/** Top tabs (docs/architecture.md "Shell"): Telemedicina carries the unread-messages badge. */
export const tabEntries: readonly NavEntry[] = [
  entry('home', 'emergency', 'Emergência'),
  entry('saude', 'heart', 'Saúde'),
  entry('timeline', 'timeline'),
  entry('telemedicina', 'chat'),
];
