// Creating and editing passports in the console with forms generated from the category schema, and
// downloading a passport's label: one file a screen, the form itself in passport-form-screens.ts.
import type { App, AppContext } from '../../context.ts';
import type { Inject } from './pages.ts';
import { passportConfirmPage } from './passport-confirm-page.ts';
import { passportEditPages } from './passport-edit-pages.ts';
import { passportImportPages } from './passport-form-import.ts';
import { passportLabelPage } from './passport-label-page.ts';
import { passportNewPages } from './passport-new-pages.ts';
import { passportUploadPage } from './passport-upload-page.ts';
import type { SessionService } from './sessions.ts';

export async function passportFormPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  await passportImportPages(app, context, sessions, inject);
  await passportNewPages(app, context, sessions, inject);
  await passportUploadPage(app, context, sessions, inject);
  await passportEditPages(app, context, sessions, inject);
  await passportConfirmPage(app, context, sessions, inject);
  await passportLabelPage(app, context, sessions, inject);
}
