export { createScriptedUser } from './scripted-user.js';
export type { UserReply, UserSimulator } from './user-simulator.js';
