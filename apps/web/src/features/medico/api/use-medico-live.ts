import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useRealtimeEvent, useRealtimeReconnect, useRealtimeSocket } from '../../../lib/realtime.ts';
import { medicoKeys } from './keys.ts';

/**
 * Whether the realtime socket is connected now. While it is, the doctor
 * area's lists follow the events ({@link useMedicoRealtime}); while it is
 * not, they are read again every 30 s (`MEDICO_POLL_MS`).
 */
export function useMedicoLive(): boolean {
  const socket = useRealtimeSocket();
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    if (!socket) {
      setConnected(false);
      return;
    }
    const update = () => setConnected(socket.connected);
    update();
    socket.on('connect', update);
    socket.on('disconnect', update);
    return () => {
      socket.off('connect', update);
      socket.off('disconnect', update);
    };
  }, [socket]);
  return connected;
}

/**
 * Keeps the doctor area live (issue 6; docs/telemedicine.md "Live updates"): a
 * request made, accepted or refused (`atendimento.updated`), a session ended, a
 * message sent, read or deleted make the summary, the requests and the session
 * lists stale, and the ones on screen are read again; so does a reconnection,
 * since events may have been missed. Mount it once, in the area's shell.
 */
export function useMedicoRealtime(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: medicoKeys.all });
  useRealtimeEvent('atendimento.updated', refresh);
  useRealtimeEvent('atendimento.ended', refresh);
  useRealtimeEvent('message.sent', refresh);
  useRealtimeEvent('message.deleted', refresh);
  useRealtimeEvent('message.read', refresh);
  useRealtimeReconnect(refresh);
}
