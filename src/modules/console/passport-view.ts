// One passport's page as its owner sees it, read through the API as the member: the owner and
// grant-holder and public tiers side by side, its versions, its newest units and the moves its status allows.
import { canMove, PASSPORT_STATUSES } from '../../domain/passports/lifecycle.ts';
import { tierView } from '../../domain/passports/tier-view.ts';
import { AppError } from '../../http/errors.ts';
import { requestAccessUrl } from '../resolution/service.ts';
import type { SignedInPage } from './frame.ts';
import { apiMessage, callApi, type Inject } from './pages.ts';

/**
 * What a grant holder of each requestable tier reads, computed here with the resolver's own tier
 * view over the owner document: staff see it without minting a grant.
 */
const grantTiers = (baseUrl: string, passport: Record<string, unknown>) =>
  (['legitimate-interest', 'authority'] as const).map((tier) => ({
    tier,
    document: JSON.stringify(
      tierView(passport, tier, { requestAccessUrl: requestAccessUrl(baseUrl, String(passport.id)) }),
      null,
      2,
    ),
  }));

/** One passport's page: its owner, grant-holder and public tiers side by side, versions and actions. */
export async function passportView(inject: Inject, page: SignedInPage, reference: string, baseUrl: string) {
  const found = await callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}', {
    params: { id: encodeURIComponent(reference) },
  });
  if (found.status === 404) throw new AppError('NOT_FOUND', apiMessage(found.body));
  if (found.status !== 200) throw new AppError('INSUFFICIENT_PERMISSION', apiMessage(found.body));
  const passport = found.body;
  const id = encodeURIComponent(String(passport.id));
  // The public tier as anyone resolving the passport gets it: the same request without credentials.
  const [publicView, history, units] = await Promise.all([
    inject({
      method: 'GET',
      url: `/passport/${id}`,
      headers: { accept: 'application/ld+json', host: 'localhost' },
    }),
    callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/history', {
      params: { id },
      query: 'limit=50',
    }),
    callApi(inject, page.principal, 'GET', '/api/v1/passports/{passportId}/units', {
      params: { passportId: id },
      query: 'limit=50',
    }),
  ]);
  const { status } = passport;
  return {
    title: String(passport.productId ?? page.t('passports.one')),
    data: {
      passport,
      document: JSON.stringify(passport, null, 2),
      grantTiers: grantTiers(baseUrl, passport),
      publicStatus: publicView.statusCode,
      publicDocument: publicView.statusCode === 200 ? JSON.stringify(publicView.json(), null, 2) : null,
      versions: history.status === 200 ? history.body.versions : [],
      // Units, newest first, each linking to its page (chart, events, QR code); none for a model
      // without units or a member without battery:read.
      units: units.status === 200 ? units.body.units : [],
      unitTotal: units.status === 200 ? units.body.total : 0,
      moves: PASSPORT_STATUSES.filter((to) => PASSPORT_STATUSES.includes(status) && canMove(status, to)),
    },
  };
}
