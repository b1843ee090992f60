export {
  editChangeSchema,
  editChangesSchema,
  maxChanges,
  maxTextLength,
  type EditChange,
} from './edit-changes.js';
export { applyChanges, type Draft, type DraftPage, type ChangedSection } from './draft-edits.js';
export {
  ProjectEditor,
  EditRefusedError,
  type EditRequest,
  type EditResult,
} from './project-editor.service.js';
export { EditingModule } from './editing.module.js';
