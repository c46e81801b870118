/**
 * What modules/code offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */
export { viewerClassifier } from './viewer.service.ts';
