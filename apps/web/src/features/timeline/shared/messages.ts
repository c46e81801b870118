/** Feedback of the attachment actions of /timeline/item/:id (their answers carry no message). */
export const ANEXO_MESSAGES = {
  added: 'Anexo adicionado com sucesso!',
  removed: 'Anexo removido com sucesso!',
} as const;
