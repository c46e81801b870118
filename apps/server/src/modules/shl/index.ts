export { shlRoutes } from './shl.routes.ts';
