// A passport's access log in the console: the reads of grant holders and credential sessions, newest
// first, a page at a time by the API's cursor. Read through the access-log API as the member.
import { Type } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { countryName } from '../../core/countries.ts';
import { cursorQuery, expectStatus } from './api-refusal.ts';
import { pageFrames, type SignedInPage } from './frame.ts';
import { listMembers } from './members.ts';
import { callApi, type Inject, MEMBER_PAGE, PAGE_ANSWERS, PassportParams, renderPage } from './pages.ts';
import type { SessionService } from './sessions.ts';
import { type AccessorWords, accessorName, type CredentialReader } from './version-rows.ts';

const hide = true;
const CursorQuery = Type.Object({ cursor: Type.Optional(Type.String({ maxLength: 200 })) });
const PAGE_SIZE = 50;

/**
 * A credential session's reader in the page's language: the organisation and country the
 * credential disclosed (either may be withheld), the credential's type and its trusted issuer.
 */
function credentialReader(page: SignedInPage, reader: CredentialReader): string {
  const organisation = reader.organisation ?? page.t('words.credential.undisclosed');
  const holder = reader.country
    ? page.t('words.credential.holder', { organisation, country: countryName(page.lang, reader.country) })
    : organisation;
  return page.t('words.credential.reader', {
    holder,
    credentialType: reader.credentialType,
    issuer: reader.issuer,
  });
}

export async function accessLogPages(
  app: App,
  context: AppContext,
  sessions: SessionService,
  inject: Inject,
) {
  const { memberPage } = pageFrames(sessions, context.clock);

  app.get(
    '/console/passports/:id/access-log',
    {
      config: { access: MEMBER_PAGE },
      schema: { hide, params: PassportParams, querystring: CursorQuery, response: PAGE_ANSWERS },
    },
    async (request, reply) =>
      memberPage(request, reply, 'trust.accessLog.title', async (page, frame) => {
        const search = new URLSearchParams({ limit: String(PAGE_SIZE) });
        if (request.query.cursor) search.set('cursor', request.query.cursor);
        const id = encodeURIComponent(request.params.id);
        const [answer, grants, people] = await Promise.all([
          callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/access-log', {
            params: { id },
            query: search,
          }),
          // Grants name their holders; a member who may not read grants sees their ids instead.
          callApi(inject, page.principal, 'GET', '/api/v1/grants'),
          listMembers(context, page.principal.tenant.id),
        ]);
        const log = expectStatus(answer, 200);
        const holders = grants.status === 200 ? grants.body.grants : [];
        const words: AccessorWords = {
          grant: (name) => page.t('words.grantOf', { name }),
          credential: (reader) => credentialReader(page, reader),
        };
        const title = page.t('trust.accessLog.titleOf', { product: String(log.productId) });
        return renderPage(
          reply,
          200,
          'access-log',
          { ...frame, title },
          {
            passportId: log.passportId,
            entries: log.entries.map((entry) => ({
              ...entry,
              accessor: accessorName(entry, people, holders, words),
            })),
            firstPage: !request.query.cursor,
            next: cursorQuery(log.nextCursor),
          },
        );
      }),
  );
}
