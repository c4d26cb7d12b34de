export { USER_PROMPT_VERSION } from './llm-user.js';
export { scriptedUsers } from './scripted-user.js';
export type {
  UserAnswer,
  UserContext,
  UserFactory,
  UserReply,
  UserSimulator,
  UserToolbox,
  UserToolDescriptor,
  UserToolResult,
} from './user-simulator.js';
export { createUsersFromSpec } from './create-users-from-spec.js';
export type { UsersSpec } from './create-users-from-spec.js';
export { NO_USER_REPLY, STANDING_CONSENT, noUsers } from './no-user.js';
