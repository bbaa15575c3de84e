// Passports in the console, one file a screen: the list (passport-list-page.ts), one passport's view
// and its versions (passport-view-pages.ts), and the actions on it (passport-action-pages.ts). All read
// and act through the passports API as the member.
import type { App, AppContext } from '../../context.ts';
import type { Inject } from './pages.ts';
import { passportActionPages } from './passport-action-pages.ts';
import { passportListPage } from './passport-list-page.ts';
import { passportViewPages } from './passport-view-pages.ts';
import type { SessionService } from './sessions.ts';

export async function passportPages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  await passportListPage(app, context, sessions, inject);
  await passportViewPages(app, context, sessions, inject);
  await passportActionPages(app, context, sessions, inject);
}
