import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireAuth } from '../lib/auth.tsx';
import {
  type AdminPathKey,
  type AuthPathKey,
  adminPathKeys,
  type MedicoPathKey,
  medicoPathKeys,
  type PathKey,
  pageTitles,
  paths,
  publicPathKeys,
} from '../lib/paths.ts';
import { ComingSoon } from '../ui/coming-soon.tsx';
import { PageLoader } from '../ui/page-loader.tsx';
import { NotFoundPage } from './routes/not-found-page.tsx';
import PublicLayout from './routes/public-layout.tsx';
import { RootLayout } from './routes/root-layout.tsx';
import { RouteErrorPage } from './routes/route-error-page.tsx';

type Page = LazyExoticComponent<ComponentType>;

// One chunk per page (React.lazy); the shell is its own chunk so that public pages never load it.
const AppShell = lazy(() => import('./shell/app-shell.tsx'));
const LoginPage = lazy(() => import('../features/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('../features/auth/register-page.tsx'));
// The doctor area: its own entry (sign-in or shell), its own chunks.
const MedicoArea = lazy(() => import('./medico-shell/medico-area.tsx'));
// The admin area (issue 9): likewise.
const AdminArea = lazy(() => import('./admin-shell/admin-area.tsx'));

/** Built authenticated pages; every other authenticated path shows 'Em breve'. Add new pages here. */
const authPages: Partial<Record<AuthPathKey, Page>> = {
  home: lazy(() => import('./routes/home-route.tsx')),
  qrcodeGenerate: lazy(() => import('../features/qrcode/qrcode-generate-page.tsx')),
  qrcodeRead: lazy(() => import('../features/qrcode/qrcode-read-page.tsx')),
  cartao: lazy(() => import('../features/qrcode/cartao/cartao-page.tsx')),
  qrcodePurchase: lazy(() => import('../features/qrcode/qrcode-purchase-page.tsx')),
  qrcodeOrders: lazy(() => import('../features/qrcode/qrcode-orders-page.tsx')),
  settings: lazy(() => import('../features/settings/settings-page.tsx')),
  devices: lazy(() => import('../features/devices/devices-page.tsx')),
  profissional: lazy(() => import('../features/profissional/profissional-page.tsx')),
  saude: lazy(() => import('../features/saude/saude-page.tsx')),
  permissoes: lazy(() => import('../features/permissoes/permissoes-page.tsx')),
  permissoesAcessos: lazy(() => import('../features/permissoes/acessos-page.tsx')),
  mapaDor: lazy(() => import('../features/mapa-dor/mapa-dor-page.tsx')),
  timelineAdd: lazy(() => import('../features/timeline/add/timeline-add-page.tsx')),
  timeline: lazy(() => import('../features/timeline/list/timeline-page.tsx')),
  timelineItem: lazy(() => import('../features/timeline/item/timeline-item-page.tsx')),
  telemedicina: lazy(() => import('../features/telemedicina/telemedicina-page.tsx')),
  telemedicinaMedicos: lazy(() => import('../features/telemedicina/medicos-page.tsx')),
  telemedicinaMedico: lazy(() => import('../features/telemedicina/medico-page.tsx')),
  telemedicinaAtendimento: lazy(() => import('../features/telemedicina/chat/chat-page.tsx')),
  telemedicinaSolicitacoes: lazy(() => import('./routes/solicitacoes-redirect.tsx')),
  indicador: lazy(() => import('../features/indicadores/indicadores-page.tsx')),
  indicadorPressao: lazy(() => import('../features/indicadores/pressao-page.tsx')),
  indicadorPressaoHistorico: lazy(() => import('../features/indicadores/pressao-historico-page.tsx')),
  indicadorImc: lazy(() => import('../features/indicadores/imc-page.tsx')),
  indicadorImcHistorico: lazy(() => import('../features/indicadores/imc-historico-page.tsx')),
  indicadorOxigenacao: lazy(() => import('../features/indicadores/oxigenacao-page.tsx')),
  indicadorOxigenacaoHistorico: lazy(() => import('../features/indicadores/oxigenacao-historico-page.tsx')),
  indicadorGlicose: lazy(() => import('../features/indicadores/glicose-page.tsx')),
  indicadorGlicoseHistorico: lazy(() => import('../features/indicadores/glicose-historico-page.tsx')),
  scoreQuestions: lazy(() => import('../features/score/score-questions-page.tsx')),
  scoreResult: lazy(() => import('../features/score/score-result-page.tsx')),
  dicas: lazy(() => import('../features/conteudo/dicas/dicas-page.tsx')),
  faqs: lazy(() => import('../features/conteudo/faqs/faqs-page.tsx')),
  planos: lazy(() => import('../features/planos/planos-page.tsx')),
  planosPagamento: lazy(() => import('../features/planos/planos-pagamento-page.tsx')),
  planosAlterar: lazy(() => import('../features/planos/planos-alterar-page.tsx')),
  pagamentoAlterar: lazy(() => import('../features/planos/pagamento-alterar-page.tsx')),
  telemedicinaPurchase: lazy(() => import('../features/telemedicina/purchase/atendimento-purchase-page.tsx')),
};

/** Built public pages rendered in the public layout; the other public paths show 'Em breve'. */
const publicPages: Partial<Record<PathKey, Page>> = {
  login: LoginPage,
  register: RegisterPage,
  registerCompany: RegisterPage,
  termos: lazy(() => import('../features/conteudo/termos-page.tsx')),
  politica: lazy(() => import('../features/conteudo/politica-page.tsx')),
  passwordReset: lazy(() => import('../features/account/password-reset-page.tsx')),
  emailVerify: lazy(() => import('../features/account/email-verify-page.tsx')),
  shl: lazy(() => import('../features/shl/shl-viewer-page.tsx')),
};

/** Pages of the doctor area, inside its own shell (issue 6 "Doctors"). */
const medicoPages: Partial<Record<MedicoPathKey, Page>> = {
  medico: lazy(() => import('../features/medico/home/medico-home-page.tsx')),
  medicoSolicitacoes: lazy(() => import('../features/medico/solicitacoes/solicitacoes-page.tsx')),
  medicoAtendimentos: lazy(() => import('../features/medico/atendimentos/atendimentos-page.tsx')),
  // The chat serves both sides: it reads `role` from the API (doctor: end the session, block the patient).
  medicoAtendimento: lazy(() => import('../features/telemedicina/chat/chat-page.tsx')),
  medicoPasses: lazy(() => import('../features/medico/passes/passes-page.tsx')),
};

const isPublic = (key: PathKey) => (publicPathKeys as readonly PathKey[]).includes(key);
/** Built admin pages; the others show 'Em breve' until their slice of issue 9 lands. */
const adminPages: Partial<Record<AdminPathKey, Page>> = {
  admin: lazy(() => import('../features/admin/painel/painel-page.tsx')),
  adminAuditoria: lazy(() => import('../features/admin/auditoria/auditoria-page.tsx')),
  adminEmpresas: lazy(() => import('../features/admin/empresas/empresas-page.tsx')),
  adminPlanos: lazy(() => import('../features/admin/planos/planos-page.tsx')),
  adminLotes: lazy(() => import('../features/admin/lotes/lotes-page.tsx')),
  adminPedidos: lazy(() => import('../features/admin/pedidos/pedidos-page.tsx')),
  adminConteudo: lazy(() => import('../features/admin/conteudo/conteudo-page.tsx')),
  adminMedicos: lazy(() => import('../features/admin/medicos/medicos-page.tsx')),
  adminDenuncias: lazy(() => import('../features/admin/denuncias/denuncias-page.tsx')),
  adminProfissionais: lazy(() => import('../features/admin/profissionais/profissionais-page.tsx')),
};

const isMedico = (key: PathKey) => (medicoPathKeys as readonly PathKey[]).includes(key);
const isAdmin = (key: PathKey) => (adminPathKeys as readonly PathKey[]).includes(key);
const authKeys = (Object.keys(paths) as PathKey[]).filter(
  (key): key is AuthPathKey => !isPublic(key) && !isMedico(key) && !isAdmin(key),
);

function pageRoute(key: PathKey, Page: Page | undefined): RouteObject {
  return { path: paths[key], element: Page ? <Page /> : <ComingSoon title={pageTitles[key]} /> };
}

/** The route tree (docs/architecture.md "Routes of the web app"). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: paths.root, element: <Navigate to={paths.home} replace /> },
      {
        element: <PublicLayout />,
        children: [
          ...publicPathKeys
            .filter((key) => key !== 'root' && key !== 'code' && !isMedico(key))
            .map((key) => pageRoute(key, publicPages[key])),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      // The doctor area: the sign-in without a token, else its shell once GET /api/medico/me agrees.
      {
        path: paths.medico,
        element: (
          <Suspense fallback={<PageLoader />}>
            <MedicoArea />
          </Suspense>
        ),
        children: medicoPathKeys.map((key) => {
          const route = pageRoute(key, medicoPages[key]);
          return key === 'medico' ? { index: true, element: route.element } : route;
        }),
      },
      // The admin area: the sign-in without a token, else its shell once GET /api/admin/me agrees.
      {
        path: paths.admin,
        element: (
          <Suspense fallback={<PageLoader />}>
            <AdminArea />
          </Suspense>
        ),
        children: adminPathKeys.map((key) => {
          const route = pageRoute(key, adminPages[key]);
          return key === 'admin' ? { index: true, element: route.element } : route;
        }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: (
              <Suspense fallback={<PageLoader />}>
                <AppShell />
              </Suspense>
            ),
            children: authKeys.map((key) => pageRoute(key, authPages[key])),
          },
        ],
      },
    ],
  },
];

/** Creates the browser router of the SPA. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
