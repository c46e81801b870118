import { Alert, Button, Stack, Text } from '@mantine/core';

/**
 * A screen's data that could not be loaded: what failed (`title`), the
 * server's or the network's pt-BR `message`, and 'Tentar novamente', busy
 * while `retrying`. Announced to screen readers as an alert.
 */
export function QueryError({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button variant="outline" color="red.9" loading={retrying} onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Alert>
  );
}
