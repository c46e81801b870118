/**
 * A wait as people say it in pt-BR, rounded up: '1 segundo', '30 segundos',
 * '1 minuto', '15 minutos' (a minute or more is said in whole minutes).
 */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/**
 * 429 of `POST /api/login` when one account had too many wrong passwords
 * (docs/auth-security.md "Login throttle"): only that account waits.
 */
export function accountThrottledMessage(waitMs: number): string {
  return `Muitas tentativas com senha errada nesta conta. Aguarde ${formatWait(waitMs)} e tente de novo, ou use "Esqueci minha senha".`;
}

/**
 * 429 of `POST /api/login` when one network address had too many wrong
 * passwords, whatever the accounts (docs/auth-security.md "Login throttle").
 */
export function addressThrottledMessage(waitMs: number): string {
  return `Muitas tentativas com senha errada a partir desta conexão. Aguarde ${formatWait(waitMs)} e tente de novo.`;
}
