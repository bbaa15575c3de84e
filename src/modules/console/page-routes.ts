// The console's pages, in their own scope: the only place that accepts form bodies and file uploads.
import type { App, AppContext } from '../../context.ts';
import type { RegistryContext } from '../registry/service.ts';
import { accessLogPages } from './access-log-pages.ts';
import { authPages } from './auth-pages.ts';
import { grantPages } from './grants-pages.ts';
import { keyPages } from './keys-pages.ts';
import { languagePages } from './language-pages.ts';
import { memberPages } from './member-pages.ts';
import { overviewPages } from './overview-pages.ts';
import { acceptForms, type Inject } from './pages.ts';
import { partyPages } from './parties-pages.ts';
import { passportFormPages } from './passport-form-pages.ts';
import { passportPages } from './passports-pages.ts';
import { registryPages } from './registry-pages.ts';
import { securityPages } from './security-pages.ts';
import { serialisePages } from './serialise-pages.ts';
import type { SessionService } from './sessions.ts';
import { unitLabelPages } from './unit-label-pages.ts';
import { unitPages } from './unit-pages.ts';
import { acceptUploads } from './upload.ts';
import { webhookPages } from './webhooks-pages.ts';

export async function consolePages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
  registry: RegistryContext,
) {
  await app.register(async (pages) => {
    acceptForms(pages);
    await acceptUploads(pages);
    // First, so that its hook keeps a `?lang=` for every page of the scope.
    await languagePages(pages, context, sessions);
    await authPages(pages, context, sessions);
    await keyPages(pages, context, sessions, inject);
    await passportPages(pages, context, sessions, inject);
    await serialisePages(pages, context, sessions, inject);
    await passportFormPages(pages, context, sessions, inject);
    await partyPages(pages, context, sessions, inject);
    await securityPages(pages, context, sessions);
    await grantPages(pages, context, sessions, inject);
    await accessLogPages(pages, context, sessions, inject);
    await webhookPages(pages, context, sessions, inject);
    await memberPages(pages, context, sessions, inject);
    await unitPages(pages, context, sessions, inject);
    await unitLabelPages(pages, context, sessions, inject);
    await overviewPages(pages, context, sessions, inject);
    await registryPages(pages, context, sessions, inject, registry);
  });
}
