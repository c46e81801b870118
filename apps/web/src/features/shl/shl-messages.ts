import type { ViewerLang } from './ips-view.ts';

/** The `/shl` viewer's words, in Portuguese and English (docs/smart-health-links.md "The viewer"). */
export const VIEWER_MESSAGES = {
  'pt-BR': {
    title: 'Resumo de saúde compartilhado',
    intro:
      'Alguém compartilhou com você um resumo de saúde pelo Pulso. Ele é aberto e decifrado neste aparelho: a chave do link não é enviada a ninguém.',
    invalid: 'Este endereço não é um link de resumo de saúde válido. Confira se ele foi copiado inteiro.',
    expired: 'Este link expirou. Peça um novo a quem o compartilhou.',
    notFound: 'Link não encontrado: ele foi revogado, expirou ou foi bloqueado.',
    recipient: 'Seu nome (e instituição, se houver)',
    recipientHint: 'Quem compartilhou vê quem abriu o resumo.',
    recipientMissing: 'Informe seu nome para abrir o resumo',
    passcode: 'Senha do link',
    passcodeMissing: 'Informe a senha que recebeu com o link',
    wrongPasscode: (left: number) =>
      left === 0
        ? 'Senha incorreta. O link foi bloqueado.'
        : `Senha incorreta. ${left === 1 ? 'Resta 1 tentativa' : `Restam ${left} tentativas`}.`,
    open: 'Abrir resumo',
    opening: 'Abrindo…',
    failed: 'Não foi possível abrir o resumo. Tente de novo.',
    born: 'Nascimento',
    sex: 'Sexo',
    contact: 'Contato de emergência',
    sections: {
      '48765-2': 'Alergias',
      '10160-0': 'Medicamentos',
      '11450-4': 'Problemas de saúde',
      '30954-2': 'Tipo sanguíneo e exames',
      '8716-3': 'Sinais vitais',
    } as Record<string, string>,
    language: 'Idioma',
  },
  en: {
    title: 'Shared health summary',
    intro:
      'Someone shared a health summary with you through Pulso. It is opened and decrypted on this device: the link’s key is sent to no one.',
    invalid: 'This address is not a valid health summary link. Check that it was copied whole.',
    expired: 'This link has expired. Ask whoever shared it for a new one.',
    notFound: 'Link not found: it was revoked, has expired or was locked.',
    recipient: 'Your name (and institution, if any)',
    recipientHint: 'Whoever shared it sees who opened the summary.',
    recipientMissing: 'Enter your name to open the summary',
    passcode: 'Link passcode',
    passcodeMissing: 'Enter the passcode you received with the link',
    wrongPasscode: (left: number) =>
      left === 0
        ? 'Wrong passcode. The link is now locked.'
        : `Wrong passcode. ${left === 1 ? '1 try left' : `${left} tries left`}.`,
    open: 'Open summary',
    opening: 'Opening…',
    failed: 'The summary could not be opened. Try again.',
    born: 'Born',
    sex: 'Sex',
    contact: 'Emergency contact',
    sections: {
      '48765-2': 'Allergies',
      '10160-0': 'Medications',
      '11450-4': 'Problems',
      '30954-2': 'Blood type and results',
      '8716-3': 'Vital signs',
    } as Record<string, string>,
    language: 'Language',
  },
} satisfies Record<ViewerLang, unknown>;
