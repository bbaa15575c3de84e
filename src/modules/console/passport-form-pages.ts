// Creating and editing passports in the console with forms generated from the category schema,
// importing them from a spreadsheet (with its preview), and downloading a passport's label or the
// passport itself: one file a screen, the form itself in passport-form-screens.ts.
import type { App, AppContext } from '../../context.ts';
import { importHolds } from './import-holds.ts';
import type { Inject } from './pages.ts';
import { passportConfirmPage } from './passport-confirm-page.ts';
import { passportEditPages } from './passport-edit-pages.ts';
import { passportExportPage } from './passport-export-page.ts';
import { passportImportPages } from './passport-form-import.ts';
import { passportImportPreview } from './passport-import-preview.ts';
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
  // Uploaded sheets between their preview and their confirmation, for this app's life.
  const holds = importHolds(context.clock);
  await passportImportPages(app, context, sessions, inject, holds);
  await passportImportPreview(app, context, sessions, inject, holds);
  await passportNewPages(app, context, sessions, inject);
  await passportUploadPage(app, context, sessions, inject);
  await passportEditPages(app, context, sessions, inject);
  await passportConfirmPage(app, context, sessions, inject);
  await passportLabelPage(app, context, sessions, inject);
  await passportExportPage(app, context, sessions, inject);
}
