/**
 * What modules/settings offers the rest of the server: the erasure job of deleted accounts, run by `main.ts`
 * (docs/account-deletion.md "The job"; docs/architecture.md "What the layers may import, checked").
 */
export { type ErasureRun, runErasure } from './erasure.ts';
