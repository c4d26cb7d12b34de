export { createScriptedUser, scriptedUsers } from './scripted-user.js';
export type { UserContext, UserFactory, UserReply, UserSimulator } from './user-simulator.js';
