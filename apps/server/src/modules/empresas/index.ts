/**
 * What modules/empresas offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export {
  companySummary,
  createCompany,
  createInvitations,
  endMembership,
  invitationLinks,
  listCompanies,
  listInvitations,
  listMembers,
  setCompanyActive,
} from './empresas.service.ts';
export {
  adminCreateCompany,
  adminEndMembership,
  adminIssueInvitations,
  adminSetCompanyActive,
  companyDetail,
} from './empresas-admin.service.ts';
