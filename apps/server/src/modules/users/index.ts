/**
 * What modules/users offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export type { UserRow, UserViewRow } from './user.presenter.ts';
export {
  avatarUrl,
  healthSections,
  selectUserRow,
  toPublicEmergencyView,
  toUserView,
  userRowColumns,
} from './user.presenter.ts';
