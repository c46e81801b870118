import { pageTitles } from '../../app/paths.ts';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /qrcode/generate, 'Meu QR Code' (spec 2 §2). Placeholder until the page lands. */
export default function QrcodeGeneratePage() {
  return <ComingSoon title={pageTitles.qrcodeGenerate} />;
}
