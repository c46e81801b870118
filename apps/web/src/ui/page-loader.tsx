import { Center, Loader } from '@mantine/core';

/** Fallback while a page's code chunk loads. */
export function PageLoader() {
  return (
    <Center py="xl" role="status" aria-label="Carregando página">
      <Loader size="md" />
    </Center>
  );
}
