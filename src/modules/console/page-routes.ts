// The console's pages, in their own scope: the only place that accepts form bodies.
import type { App, AppContext } from '../../context.ts';
import { authPages } from './auth-pages.ts';
import { keyPages } from './keys-pages.ts';
import { memberPages } from './member-pages.ts';
import { acceptForms, type Inject } from './pages.ts';
import { partyPages } from './parties-pages.ts';
import { passportPages } from './passports-pages.ts';
import { securityPages } from './security-pages.ts';
import type { SessionService } from './sessions.ts';

export async function consolePages(app: App, context: AppContext, sessions: SessionService, inject: Inject) {
  await app.register(async (scope) => {
    const pages = scope as unknown as App;
    acceptForms(pages);
    await authPages(pages, context, sessions);
    await keyPages(pages, context, sessions, inject);
    await passportPages(pages, context, sessions, inject);
    await partyPages(pages, context, sessions, inject);
    await securityPages(pages, context, sessions);
    await memberPages(pages, context, sessions, inject);
  });
}
