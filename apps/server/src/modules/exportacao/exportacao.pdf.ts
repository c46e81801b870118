import { createRequire } from 'node:module';
import {
  DOADOR,
  enumLabel,
  formatDateBR,
  formatInstantBR,
  formatPhone,
  RELACAO,
  SANGUE,
  SEXO,
  TIMELINE_TIPOS,
} from '@pulso/domain';
import { newPdfDocument } from '../../platform/lazy-libs.ts';
import type { Dados } from './exportacao.data.ts';
import type { Row } from './exportacao.tables.ts';

const require = createRequire(import.meta.url);
/** The Inter typeface the other PDFs use (docs/emergency-card.md "Fonts"), so accents print everywhere. */
const FONTS = {
  regular: require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
};

const text = (value: unknown): string | null =>
  value === null || value === undefined || String(value).trim() === '' ? null : String(value);
const phone = (value: unknown): string | null =>
  typeof value === 'string' && value ? formatPhone(value) : null;
const instant = (value: unknown): string | null =>
  value instanceof Date ? formatInstantBR(value) : typeof value === 'string' ? formatInstantBR(value) : null;

/** How many rows each part holds, in words (the summary's table of contents). */
const COUNTS: [keyof Dados, string][] = [
  ['timeline_items', 'Registros da linha do tempo (inclui registros de dor)'],
  ['timeline_anexos', 'Anexos da linha do tempo'],
  ['pressoes', 'Medições de pressão'],
  ['imcs', 'Medições de IMC'],
  ['oxigenacoes', 'Medições de oxigenação'],
  ['glicoses', 'Medições de glicose'],
  ['score_results', 'Resultados do score de saúde'],
  ['atendimentos', 'Atendimentos'],
  ['mensagens', 'Mensagens dos atendimentos'],
  ['subscriptions', 'Assinaturas de planos'],
  ['payments', 'Pagamentos'],
  ['qrcode_orders', 'Pedidos de adesivos'],
  ['devices', 'Aparelhos com notificações'],
  ['sessions', 'Sessões de acesso'],
  ['code_access_logs', 'Acessos ao seu código'],
  ['consent_events', 'Histórico de consentimentos'],
];

/**
 * `resumo.pdf` (docs/data-export.md "resumo.pdf"): a readable summary of `dados` in pt-BR: who, the
 * emergency data and My Health, how many records of each kind, and the timeline by date. The
 * complete data is `dados.json`; the summary says so.
 */
export async function resumoPdf(dados: Dados): Promise<Buffer> {
  const doc = await newPdfDocument({
    size: 'A4',
    margin: 56,
    info: { Title: 'Seus dados no Pulso', Author: 'Pulso', Creator: 'Pulso' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const u = dados.usuario;
  const heading = (title: string) => {
    doc.moveDown(0.8).font('bold').fontSize(13).fillColor('#1864ab').text(title);
    doc.moveDown(0.3).font('regular').fontSize(10).fillColor('#212529');
  };
  /** A titled list of `label: value`, the empty ones left out ('Nada preenchido.' when all are). */
  const section = (title: string, fields: [string, string | null][]) => {
    heading(title);
    const filled = fields.filter((f): f is [string, string] => Boolean(f[1]));
    if (filled.length === 0) doc.text('Nada preenchido.');
    for (const [label, value] of filled) {
      doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
    }
  };

  doc.font('bold').fontSize(20).fillColor('#1864ab').text('Seus dados no Pulso');
  doc.font('regular').fontSize(10).fillColor('#495057');
  doc.text(
    `Gerado em ${formatInstantBR(dados.gerado_em)}. Este resumo mostra o principal: o arquivo dados.json, ` +
      'neste mesmo ZIP, tem todos os seus dados, e a pasta arquivos/ os seus arquivos (fotos e documentos).',
  );

  section('Conta', [
    ['Nome', text(u.name)],
    ['E-mail', text(u.email)],
    ['Código', text(u.code)],
    ['Conta criada em', instant(u.created_at)],
  ]);

  section('Dados de emergência', [
    ['Nascimento', typeof u.nascimento === 'string' ? formatDateBR(u.nascimento) : null],
    ['Sexo', enumLabel(SEXO, u.sexo as string | null)],
    ['Tipo sanguíneo', enumLabel(SANGUE, u.sangue as number | null)],
    ['Telefone', phone(u.telefone)],
    ['Endereço', [u.endereco, u.complemento, u.bairro].map(text).filter(Boolean).join(', ') || null],
    ['Cidade', u.cidade_nome ? `${u.cidade_nome} - ${u.cidade_uf}` : null],
    ['Contato de emergência', text(u.contato)],
    ['Relação', enumLabel(RELACAO, u.contato_relacao as string | null)],
    ['Telefone do contato', phone(u.contato_telefone)],
    ['Doador de órgãos', enumLabel(DOADOR, u.doador as string | null)],
    ['Informações adicionais', text(u.adicional)],
  ]);

  const doencas = dados.user_doencas.map((d: Row) => String(d.nome));
  section('Minha Saúde', [
    ['Alergias', text(u.alergias)],
    ['Problemas de saúde', text(u.problemas)],
    ['Medicamentos', text(u.medicamentos)],
    ['Tratamentos', text(u.tratamento)],
    ['Próteses', text(u.protese)],
    ['Cartão SUS', text(u.sus)],
    ['Convênio', text(u.convenio_empresa)],
    ['Hospital', text(u.hospital)],
    ['Médico', text(u.medico_name)],
    ['Doenças', doencas.length > 0 ? doencas.join(', ') : null],
  ]);

  heading('O que o arquivo contém');
  for (const [key, label] of COUNTS) {
    doc.text(`${label}: ${(dados[key] as Row[]).length}`);
  }
  doc.text(`Arquivos (fotos e documentos): ${dados.arquivos.length}`);

  if (dados.timeline_items.length > 0) {
    heading('Linha do tempo');
    for (const item of dados.timeline_items) {
      const tipo = enumLabel(TIMELINE_TIPOS, item.tipo as number) ?? 'Registro';
      const data = typeof item.data === 'string' ? formatDateBR(item.data) : '';
      doc.font('bold').text(`${data} · ${tipo}`, { continued: true });
      doc.font('regular').text(` — ${text(item.descricao) ?? ''}`);
    }
  }
  doc.end();
  return done;
}
