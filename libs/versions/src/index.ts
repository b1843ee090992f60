export {
  VersionRepository,
  type VersionReason,
  type VersionRecord,
  type VersionListItem,
} from './version.repository.js';
export {
  DraftChangedError,
  VersionService,
  type VersionToPublish,
  type RestoredVersion,
} from './version.service.js';
export { VersionsModule } from './versions.module.js';
