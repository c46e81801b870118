export { FHIR_JSON, fhirRoutes } from './fhir.routes.ts';
export { patientSummary } from './ips.service.ts';
export { buildIps, IPS_SECTIONS, IPS_TYPE } from './ips.ts';
