// Economic operators and facilities in the console: lists, registration and edit forms, and the
// operator's archive and restore, each acting through the node's own API as the member.
import type { App, AppContext } from '../../context.ts';
import { facilityPages } from './facility-pages.ts';
import { operatorPages } from './operator-pages.ts';
import type { Inject } from './pages.ts';
import type { SessionService } from './sessions.ts';

export async function partyPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  await operatorPages(app, context, sessions, inject);
  await facilityPages(app, context, sessions, inject);
}
