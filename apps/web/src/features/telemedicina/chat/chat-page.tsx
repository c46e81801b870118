import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  type AtendimentoChat,
  CHAT_SCROLL_DELAY_MS,
  canDeleteMensagem,
  canSend,
  type MensagemView,
  TELEMEDICINA_MESSAGES,
} from '@pulso/domain';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { pageTitles, paths } from '../../../lib/paths.ts';
import { useSnackbar } from '../../../lib/snackbar/snackbar-context.tsx';
import { sideOf, useAnswerShown } from '../../../lib/unread.ts';
import { AppModal } from '../../../ui/app-modal.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { parseRouteId } from '../../../ui/route-id.ts';
import { useDocumentTitle } from '../../../ui/use-document-title.ts';
import { useDeleteMensagem } from './api/delete-mensagem.ts';
import { useAtendimentoChat } from './api/get-atendimento-chat.ts';
import { useLoadOlderMensagens } from './api/load-older-mensagens.ts';
import { type NovaMensagem, useSendMensagem } from './api/send-mensagem.ts';
import { ChatComposer } from './chat-composer.tsx';
import { ChatHeader, otherParty } from './chat-header.tsx';
import classes from './chat-page.module.css';
import { useChatRealtime, useReadMarking } from './chat-realtime.ts';
import { MedicoActions } from './medico-actions.tsx';
import { MensagemItem } from './mensagem-item.tsx';

/**
 * Shown instead of the composer while a session is not A (docs/telemedicine.md
 * "Chat": nothing is sent in E or ET).
 */
export function closedNotice(chat: AtendimentoChat): string {
  switch (chat.atendimento.status) {
    case 'ET':
      return TELEMEDICINA_MESSAGES.inactivity;
    case 'E':
      return `${TELEMEDICINA_MESSAGES.ended}. Não é possível enviar novas mensagens.`;
    case 'R':
      return `${TELEMEDICINA_MESSAGES.refused}.`;
    default:
      return chat.role === 'medico'
        ? 'Aceite a solicitação para conversar com o paciente.'
        : 'Aguardando o médico aceitar a solicitação.';
  }
}

/**
 * Where the patient subscribes (docs/telemedicine.md "Subscription lock": the
 * lock dialog offers the 'Meu Prontuário' plan).
 */
function LockDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <AppModal opened={opened} onClose={onClose} title="Assine para continuar">
      <Text mb="md">{TELEMEDICINA_MESSAGES.lockedChat}</Text>
      <Text size="sm" c="gray.8" mb="lg">
        Com o plano Meu Prontuário você volta a conversar com seus médicos e mantém sua linha do tempo
        completa.
      </Text>
      <div className={classes.dialogActions}>
        <Button variant="default" onClick={onClose}>
          Agora não
        </Button>
        <Button component={Link} to={paths.planos} data-autofocus>
          Ver planos
        </Button>
      </div>
    </AppModal>
  );
}

function ChatScreen({ id }: { id: number }) {
  const snackbar = useSnackbar();
  const query = useAtendimentoChat(id);
  const chat = query.data;
  useAnswerShown(chat?.role === 'paciente', query.dataUpdatedAt);
  const send = useSendMensagem(id);
  const remove = useDeleteMensagem(id);
  const older = useLoadOlderMensagens(id);
  const room = useChatRealtime(id, () => void query.refetch());
  const mySide = chat ? sideOf(chat.role) : null;
  const other = chat ? otherParty(chat) : null;
  useDocumentTitle(other ? `Atendimento com ${other.name}` : pageTitles.telemedicinaAtendimento);
  useReadMarking(id, chat?.mensagens ?? [], mySide);

  const [deleting, setDeleting] = useState<MensagemView | null>(null);
  const locked = chat?.lock === true && chat.role === 'paciente';
  const [lockOpen, setLockOpen] = useState(false);
  const lockShown = useRef(false);
  useEffect(() => {
    if (chat && locked && canSend(chat.atendimento.status) && !lockShown.current) {
      lockShown.current = true;
      setLockOpen(true);
    }
  }, [locked, chat]);

  // Scroll to the newest message CHAT_SCROLL_DELAY_MS after it arrives (docs/telemedicine.md "Chat");
  // older pages do not move it.
  const end = useRef<HTMLDivElement>(null);
  const lastId = chat?.mensagens.at(-1)?.id ?? null;
  const status = chat?.atendimento.status;
  useEffect(() => {
    if (lastId === null && status === undefined) return;
    const timer = window.setTimeout(
      () => end.current?.scrollIntoView({ block: 'end' }),
      CHAT_SCROLL_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
  }, [lastId, status]);

  if (query.error instanceof ApiError && query.error.status === 404) return <ChatNotFound />;
  if (query.isPending) {
    return (
      <div className={classes.page}>
        <Stack gap="md" role="status" aria-label="Carregando atendimento">
          <Skeleton height={96} />
          <Skeleton height={56} width="60%" />
          <Skeleton height={56} width="50%" ml="auto" />
          <Skeleton height={56} width="70%" />
        </Stack>
      </div>
    );
  }
  if (!chat) {
    return (
      <div className={classes.page}>
        <Title order={1}>{pageTitles.telemedicinaAtendimento}</Title>
        <QueryError
          title="Não foi possível carregar o atendimento"
          message={query.error?.message ?? ''}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }

  const side = sideOf(chat.role);
  const open = canSend(chat.atendimento.status);
  const sendMensagem = (mensagem: NovaMensagem) =>
    send.mutateAsync(mensagem).catch((error: unknown) => {
      if (
        error instanceof ApiError &&
        error.status === 403 &&
        error.message === TELEMEDICINA_MESSAGES.lockedChat
      ) {
        setLockOpen(true);
      } else {
        snackbar.error(error);
      }
      // The session may have ended or been locked meanwhile: read it again.
      void query.refetch();
      throw error;
    });

  return (
    <div className={classes.page} data-fills-screen>
      <ChatHeader chat={chat} actions={chat.role === 'medico' ? <MedicoActions chat={chat} /> : undefined} />

      <section className={classes.conversation} aria-labelledby="chat-mensagens">
        <h2 id="chat-mensagens" className={classes.visuallyHidden}>
          Mensagens
        </h2>
        {room.state === 'refused' && (
          <Text size="sm" c="red.9" role="alert">
            As mensagens novas não chegam sozinhas agora: recarregue a página para vê-las.
          </Text>
        )}
        {chat.has_more && (
          <Button
            variant="subtle"
            className={classes.older}
            loading={older.isPending}
            onClick={() => {
              const oldest = chat.mensagens[0];
              if (oldest) older.mutate(oldest.id, { onError: (error) => snackbar.error(error) });
            }}
          >
            Carregar mensagens anteriores
          </Button>
        )}
        {/* The live region exists before any message arrives, so that screen readers announce new ones. */}
        <div role="log" aria-label="Conversa">
          {chat.mensagens.length === 0 ? (
            <p className={classes.empty}>Nenhuma mensagem ainda.</p>
          ) : (
            <ol className={classes.list}>
              {chat.mensagens.map((mensagem) => (
                <MensagemItem
                  key={mensagem.id}
                  mensagem={mensagem}
                  own={mensagem.from === side}
                  authorName={other?.name ?? ''}
                  onDelete={
                    canDeleteMensagem({ from: mensagem.from, viewer: side, status: chat.atendimento.status })
                      ? () => setDeleting(mensagem)
                      : undefined
                  }
                />
              ))}
            </ol>
          )}
        </div>
      </section>

      <div className={classes.footer}>
        {open && locked ? (
          <div className={classes.notice} role="status">
            <Text size="sm">{TELEMEDICINA_MESSAGES.lockedChat}</Text>
            <Button component={Link} to={paths.planos} size="sm">
              Ver planos
            </Button>
          </div>
        ) : open ? (
          <ChatComposer send={sendMensagem} sending={send.isPending} />
        ) : (
          <p className={classes.notice} role="status">
            {closedNotice(chat)}
          </p>
        )}
      </div>
      <div ref={end} />

      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir mensagem"
        confirmLabel="Excluir"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => setDeleting(null),
            onError: (error) => {
              setDeleting(null);
              snackbar.error(error);
            },
          });
        }}
      >
        A mensagem será apagada da conversa para as duas pessoas.
      </ConfirmDialog>
      <LockDialog opened={lockOpen} onClose={() => setLockOpen(false)} />
    </div>
  );
}

/** 404 'Atendimento não encontrado': not a session of the caller, or an id that cannot exist. */
function ChatNotFound() {
  useDocumentTitle(TELEMEDICINA_MESSAGES.notFound);
  return (
    <div className={classes.page}>
      <Stack gap="sm" align="flex-start">
        <Title order={1}>{TELEMEDICINA_MESSAGES.notFound}</Title>
        <Text>Este atendimento não existe ou não é seu.</Text>
        <Button component={Link} to={paths.telemedicina} variant="default">
          Ir para a telemedicina
        </Button>
      </Stack>
    </div>
  );
}

/**
 * The care session's chat (docs/telemedicine.md "Chat"; issue 6), for both
 * sides: `/telemedicina/atendimento/:id` for the patient and
 * `/medico/atendimento/:id` in the doctor area — the API answers the caller's
 * `role`. Messages live (Socket.IO room `atendimento.{id}`), read marking,
 * text/image/PDF sending while the session is A, deleting one's own messages,
 * the subscription-lock dialog, and for the doctor 'Encerrar atendimento' and
 * 'Bloquear paciente'. Works inside either shell.
 */
export default function ChatPage() {
  const id = parseRouteId(useParams().id);
  return id === null ? <ChatNotFound /> : <ChatScreen key={id} id={id} />;
}
