import { pageTitles } from '../../app/paths.ts';
import { ComingSoon } from '../../ui/coming-soon.tsx';

/** /qrcode/read, 'Ler QR Code' (spec 2 §2). Placeholder until the scanner page lands. */
export default function QrcodeReadPage() {
  return <ComingSoon title={pageTitles.qrcodeRead} />;
}
