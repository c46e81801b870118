/**
 * What modules/home offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { avatarKey } from './home.service.ts';
