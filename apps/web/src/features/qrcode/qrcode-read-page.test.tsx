import { FOREIGN_QR_MESSAGE } from '@pulso/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { CAMERA_DENIED_MESSAGE, CAMERA_UNAVAILABLE_MESSAGE } from './qr-camera.tsx';
import QrcodeReadPage from './qrcode-read-page.tsx';

interface FakeScanner {
  onDecode: (result: { data: string }) => void;
  start: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
}

// The public page of a code is the server's: opened with a full navigation, which jsdom lacks.
const serverPage = vi.hoisted(() => ({ open: vi.fn() }));
vi.mock('../../lib/server-page.ts', () => ({ openServerPage: serverPage.open }));

const scanners = vi.hoisted(() => ({ list: [] as FakeScanner[], failStart: false }));

vi.mock('qr-scanner', () => ({
  default: class {
    onDecode: (result: { data: string }) => void;
    start = vi.fn(async () => {
      if (scanners.failStart) throw 'Camera not found.';
    });
    destroy = vi.fn();
    constructor(_video: HTMLVideoElement, onDecode: (result: { data: string }) => void) {
      this.onDecode = onDecode;
      scanners.list.push(this as unknown as FakeScanner);
    }
  },
}));

const routes = [
  { path: '/qrcode/read', element: <QrcodeReadPage /> },
  { path: '/timeline/add', element: <h1>Novo registro</h1> },
  { path: '/mapa-dor', element: <h1>Mapa da dor</h1> },
];

afterEach(() => {
  serverPage.open.mockClear();
  scanners.list = [];
  scanners.failStart = false;
  vi.unstubAllGlobals();
});

async function typeCode(value: string) {
  const input = screen.getByLabelText('Código pessoal') as HTMLInputElement;
  fireEvent.input(input, { target: { value } });
  return input;
}

async function activateCamera(): Promise<FakeScanner> {
  fireEvent.click(screen.getByRole('button', { name: 'Ativar câmera' }));
  await waitFor(() => expect(scanners.list).toHaveLength(1));
  const scanner = scanners.list[0] as FakeScanner;
  await waitFor(() => expect(scanner.start).toHaveBeenCalled());
  return scanner;
}

describe('/qrcode/read, manual code (docs/codes.md "Typing a code")', () => {
  it("shows 'Digite o código completo' for 7 characters and stays", async () => {
    const { router } = renderRoutes(routes, '/qrcode/read');
    const input = await typeCode('123ab45');
    await waitFor(() => expect(input.value).toBe('123 AB 45'));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Digite o código completo')).not.toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(router.state.location.pathname).toBe('/qrcode/read');
  });

  it('masks lower case with spaces to `### AA ###` and opens /code/<code> for 8 characters', async () => {
    renderRoutes(routes, '/qrcode/read');
    const input = await typeCode('123 ab 456');
    await waitFor(() => expect(input.value).toBe('123 AB 456'));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(serverPage.open).toHaveBeenCalledWith('/code/123AB456'));
  });

  it('clears the message once the code is edited', async () => {
    renderRoutes(routes, '/qrcode/read');
    await typeCode('1');
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    expect(await screen.findByText('Digite o código completo')).not.toBeNull();
    await typeCode('12');
    await waitFor(() => expect(screen.queryByText('Digite o código completo')).toBeNull());
  });
});

describe('/qrcode/read, camera (docs/codes.md "QR content")', () => {
  it('does not touch the camera before "Ativar câmera"', () => {
    renderRoutes(routes, '/qrcode/read');
    expect(scanners.list).toHaveLength(0);
  });

  it('shows the foreign-QR message for another origin and keeps scanning', async () => {
    const { router } = renderRoutes(routes, '/qrcode/read');
    const scanner = await activateCamera();
    scanner.onDecode({ data: 'https://outro-app.example/code/123AB456' });
    expect((await screen.findByRole('alert')).textContent).toBe(FOREIGN_QR_MESSAGE);
    scanner.onDecode({ data: 'texto qualquer' });
    expect(screen.getByRole('alert').textContent).toBe(FOREIGN_QR_MESSAGE);
    expect(router.state.location.pathname).toBe('/qrcode/read');
    expect(scanner.destroy).not.toHaveBeenCalled();
  });

  it('opens /code/<code> for a code of our own origin, once (leaving the page stops the camera)', async () => {
    renderRoutes(routes, '/qrcode/read');
    const scanner = await activateCamera();
    scanner.onDecode({ data: `${window.location.origin}/code/123AB456` });
    scanner.onDecode({ data: `${window.location.origin}/code/123AB456` });
    await waitFor(() => expect(serverPage.open).toHaveBeenCalledWith('/code/123AB456'));
    expect(serverPage.open).toHaveBeenCalledTimes(1);
  });

  it("stops the camera with 'Parar câmera'", async () => {
    renderRoutes(routes, '/qrcode/read');
    const scanner = await activateCamera();
    fireEvent.click(await screen.findByRole('button', { name: 'Parar câmera' }));
    expect(scanner.destroy).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Ativar câmera' })).not.toBeNull();
  });

  it("gives up a start when 'Parar câmera' comes first", async () => {
    renderRoutes(routes, '/qrcode/read');
    fireEvent.click(screen.getByRole('button', { name: 'Ativar câmera' }));
    fireEvent.click(screen.getByRole('button', { name: 'Parar câmera' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(scanners.list).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Ativar câmera' })).not.toBeNull();
  });

  it('explains a denied camera', async () => {
    scanners.failStart = true;
    vi.stubGlobal('navigator', {
      ...navigator,
      permissions: { query: vi.fn(async () => ({ state: 'denied' })) },
    });
    renderRoutes(routes, '/qrcode/read');
    await activateCamera();
    expect((await screen.findByRole('alert')).textContent).toBe(CAMERA_DENIED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Ativar câmera' })).not.toBeNull();
  });

  it('explains a missing camera', async () => {
    scanners.failStart = true;
    renderRoutes(routes, '/qrcode/read');
    await activateCamera();
    expect((await screen.findByRole('alert')).textContent).toBe(CAMERA_UNAVAILABLE_MESSAGE);
  });
});

describe('/qrcode/read?destino=timeline (issue 5 "Records added by others")', () => {
  it('takes a typed code back to /timeline/add?code=<code>', async () => {
    const { router } = renderRoutes(routes, '/qrcode/read?destino=timeline');
    expect(
      screen.getByText('O código lido abre o novo registro na linha do tempo do paciente.'),
    ).not.toBeNull();
    const input = await typeCode('123ab456');
    await waitFor(() => expect(input.value).toBe('123 AB 456'));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeline/add'));
    expect(router.state.location.search).toBe('?code=123AB456');
  });

  it('takes a scanned code of our own origin back to /timeline/add, and still refuses foreign ones', async () => {
    const { router } = renderRoutes(routes, '/qrcode/read?destino=timeline');
    const scanner = await activateCamera();
    scanner.onDecode({ data: 'https://outro-app.example/code/123AB456' });
    expect((await screen.findByRole('alert')).textContent).toBe(FOREIGN_QR_MESSAGE);
    scanner.onDecode({ data: `${window.location.origin}/code/987XY654` });
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeline/add'));
    expect(router.state.location.search).toBe('?code=987XY654');
  });
});

describe('/qrcode/read?destino=mapa-dor (docs/codes.md "QR reader": pain recorded for a patient)', () => {
  it('takes a typed code back to /mapa-dor?code=<code>; an unknown destino is the plain reader', async () => {
    const { router } = renderRoutes(routes, '/qrcode/read?destino=mapa-dor');
    expect(
      screen.getByText('O código lido abre o mapa da dor para registrar a dor do paciente.'),
    ).not.toBeNull();
    const input = await typeCode('123ab456');
    await waitFor(() => expect(input.value).toBe('123 AB 456'));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mapa-dor'));
    expect(router.state.location.search).toBe('?code=123AB456');
  });

  it('ignores a destino it does not know (no open redirect): the code opens /code/:code', async () => {
    renderRoutes(routes, '/qrcode/read?destino=https%3A%2F%2Fevil.example');
    const input = await typeCode('123ab456');
    await waitFor(() => expect(input.value).toBe('123 AB 456'));
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await waitFor(() => expect(serverPage.open).toHaveBeenCalledWith('/code/123AB456'));
  });
});
