// Pure parts of the EN 18222 Life Cycle API: the clause 7.2 Result object, RFC 7396 merge patches
// and element paths. The mapping is described in docs/en18222.md.
export {
  elementAt,
  type ParsedElementPath,
  type PathToken,
  parseElementIdPath,
  withElement,
} from './element-path.ts';
export { applyMergePatch, createMergePatch, type JsonValue } from './merge-patch.ts';
export {
  isResultObject,
  MESSAGE_TYPES,
  type MessageType,
  type Result,
  type ResultContext,
  type ResultMessage,
  type ResultProblem,
  resultObject,
} from './result.ts';
export {
  type UpdateFromPatch,
  type UpdateProblem,
  updateFromDocumentPatch,
  updateFromElementPatch,
  WRITABLE_MEMBERS,
  type WritableMember,
} from './update.ts';
