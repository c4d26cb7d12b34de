export { HINT_MARK, STOP_TOKEN, USER_PROMPT_VERSION, createLlmUsers } from './llm-user.js';
export type { LlmUsersOptions } from './llm-user.js';
export { createScriptedUser, scriptedUsers } from './scripted-user.js';
export type {
  UserAnswer,
  UserContext,
  UserFactory,
  UserReply,
  UserSimulator,
} from './user-simulator.js';
export { createUsersFromSpec } from './create-users-from-spec.js';
export type { UsersSpec } from './create-users-from-spec.js';
export {
  NO_USER_REPLY,
  STANDING_CONSENT,
  createNoUser,
  noUserOpening,
  noUsers,
} from './no-user.js';
