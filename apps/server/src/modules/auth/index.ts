/**
 * What modules/auth offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { consumeToken, issueAccountToken, sendVerificationMail } from './account-tokens.ts';
export { actorOf, optionalUser, requireUser } from './auth.hooks.ts';
export { assertPasswordAllowed, hashPassword, hashToken } from './auth.service.ts';
export { clearLoginFailures } from './login-throttle.ts';
export { drawFreeCode, findUsableInvitation } from './registration.ts';
