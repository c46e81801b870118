import type { AtendimentoChat, MensagemView } from '@pulso/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api.ts';
import { withMensagem } from './chat-cache.ts';
import { chatQueryKey } from './get-atendimento-chat.ts';

/** What the composer sends: a text, or a file (an image already cropped to JPEG, or a PDF). */
export type NovaMensagem = { type: 'T'; content: string } | { type: 'I' | 'F'; file: File };

/**
 * The body of `POST …/mensagem` (docs/api/telemedicina.md "Chat (both sides)"):
 * JSON `{type: 'T', content}` for text; multipart `type` then `content` (the
 * file) for I and F.
 */
export function mensagemBody(mensagem: NovaMensagem): unknown {
  if (mensagem.type === 'T') return { type: 'T', content: mensagem.content };
  const body = new FormData();
  body.append('type', mensagem.type);
  body.append('content', mensagem.file, mensagem.file.name);
  return body;
}

/**
 * Sends a message in a session: `POST /api/telemedicina/atendimento/:id/mensagem`
 * → 201 `{mensagem}`, added to the cached chat (the realtime echo finds it
 * there). Errors (`ApiError`): 422 `content` ('Digite a mensagem', 'O
 * arquivo deve ter no máximo 2MB', 'Envie uma imagem (JPEG, PNG ou WebP) ou
 * um PDF'), 403 not active or the subscription lock ('Seu plano terminou…'), 404.
 */
export function useSendMensagem(atendimentoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mensagem: NovaMensagem) =>
      api.post<{ mensagem: MensagemView }>(
        `/telemedicina/atendimento/${atendimentoId}/mensagem`,
        mensagemBody(mensagem),
      ),
    onSuccess: ({ mensagem }) => {
      queryClient.setQueryData<AtendimentoChat>(chatQueryKey(atendimentoId), (old) =>
        old ? withMensagem(old, mensagem) : old,
      );
    },
  });
}
