/**
 * What modules/users offers the other modules: they import it from here only
 * (docs/architecture.md "What the layers may import, checked").
 */

export type { PublicUserRow, UserRow, UserViewRow } from './user.presenter.ts';
export {
  avatarUrl,
  healthSections,
  publicRowColumns,
  selectUserRow,
  toPublicEmergencyView,
  toUserView,
  userRowColumns,
  userViewExtraColumns,
} from './user.presenter.ts';
