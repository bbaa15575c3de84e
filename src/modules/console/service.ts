// The console module's public surface: members and sessions (its routes are in plugin.ts).

export { inviteFirstOwner } from './members.ts';
export { DEMO_WORKSPACE } from './names.ts';
export { sessionKeys } from './session-token.ts';
export { type SessionService, sessionService } from './sessions.ts';
