// One passport's page as its owner sees it, read through the API as the member: named by its
// product, its status as a badge, one tier at a time rendered with the public page's own partials
// (`?tier=`), a table of what each tier sees beyond the public, its versions (each with the change
// that made it, by the member's email), its newest units and the moves its status allows.
import type { ServiceContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { fieldText } from '../../core/field-labels.ts';
import { t } from '../../core/i18n.ts';
import { ACCESS_TIERS, type AccessTier } from '../../domain/categories/types.ts';
import { productName } from '../../domain/passports/key-figures.ts';
import { canMove, PASSPORT_STATUSES } from '../../domain/passports/lifecycle.ts';
import { dataSections } from '../../domain/passports/page-data.ts';
import { formatter } from '../../domain/passports/page-format.ts';
import { tierDifferences } from '../../domain/passports/tier-differences.ts';
import { tierView } from '../../domain/passports/tier-view.ts';
import { UNIT_STATUSES } from '../../domain/units/status.ts';
import { passportCreator } from '../audit/service.ts';
import { requestAccessUrl } from '../resolution/service.ts';
import type { SignedInPage } from './frame.ts';
import { listMembers } from './members.ts';
import { names } from './names.ts';
import { apiMessage, callApi, type Inject } from './pages.ts';
import { versionRows } from './version-rows.ts';

/** The tier a `?tier=` names, the owner's by default. */
export const tierOf = (value: unknown): AccessTier =>
  typeof value === 'string' && (ACCESS_TIERS as readonly string[]).includes(value)
    ? (value as AccessTier)
    : 'owner';

/** A passport's name for lists, headings and titles: the product's name, else its identifier. */
export const passportName = (passport: { metadata?: unknown; productId?: unknown }) =>
  productName(passport.metadata) ?? String(passport.productId ?? '');

/** The "Registry readiness" panel: each check in words, with the fix of each failed one. */
function registryPanel(
  answer: {
    record: { uniqueProductIdentifier: string; versionHash: string | null; version: number };
    checks: { code: string; ok: boolean; message: string }[];
    ready: boolean;
    updateDue: boolean;
    registrations: {
      registrationId: string;
      registeredAt: string;
      version: number;
      proof: { url: string } | null;
    }[];
  },
  tr: SignedInPage['t'],
) {
  return {
    ready: answer.ready,
    updateDue: answer.updateDue,
    identifier: answer.record.uniqueProductIdentifier,
    versionHash: answer.record.versionHash,
    version: answer.record.version,
    checks: answer.checks.map((check) => ({
      code: check.code,
      label: tr(`registry.checks.${check.code}`),
      ok: check.ok,
      message: check.message,
      fix: check.ok ? '' : tr(`registry.fixes.${check.code}`),
    })),
    registrations: answer.registrations.map((item) => ({
      ...item,
      proofPath: item.proof ? new URL(item.proof.url).pathname : null,
    })),
  };
}

/** The moves that cannot be undone, which the console asks to confirm first. */
export const CONFIRMED_MOVES: readonly string[] = ['RECALLED', 'DECOMMISSIONED'];

export async function passportView(
  services: ServiceContext,
  inject: Inject,
  page: SignedInPage,
  reference: string,
  shownTier: AccessTier = 'owner',
) {
  const found = await callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}', {
    params: { id: encodeURIComponent(reference) },
  });
  if (found.status === 404) throw new AppError('NOT_FOUND', apiMessage(found.body));
  if (found.status !== 200) throw new AppError('INSUFFICIENT_PERMISSION', apiMessage(found.body));
  const passport = found.body as typeof found.body & Record<string, unknown>;
  const id = encodeURIComponent(String(passport.id));
  // Whether the public gets a document now: the same request without credentials.
  const [publicView, history, units, people, creator, registry] = await Promise.all([
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
    listMembers(services, page.principal.tenant.id),
    passportCreator(services.db, page.principal.tenant.id, String(passport.id)),
    callApi(inject, page.principal, 'GET', '/api/v1/passports/{id}/registry-record', { params: { id } }),
  ]);
  const { status } = passport;
  const askUrl = requestAccessUrl(services.baseUrl, String(passport.id));
  const shown = tierView(passport, shownTier, { requestAccessUrl: askUrl });
  const category = String(passport.category);
  const name = passportName(passport);
  // The public page's own words, in the member's language.
  const words = (key: string) => t(page.lang, key);
  return {
    title: name,
    data: {
      passport,
      name,
      statusLabel: words(`passportPage.statuses.${status}`),
      tier: shownTier,
      tiers: ACCESS_TIERS.map((tier) => ({ tier, label: words(`passportPage.tiers.${tier}`) })),
      sections: dataSections(shown.metadata, category, formatter(page.lang), {
        yes: words('passportPage.yes'),
        no: words('passportPage.no'),
        other: words('passportPage.other'),
        field: (path) => fieldText(page.lang, category, path)?.label,
        // Enum values by their labels, as the public page shows them.
        label: (value) => {
          const label = words(`value.${value}`);
          return label === `value.${value}` ? value : label;
        },
      }),
      differences: tierDifferences(passport, askUrl, (of, path) => fieldText(page.lang, of, path)?.label),
      publicStatus: publicView.statusCode,
      versions:
        history.status === 200
          ? versionRows(history.body.versions, Number(history.body.currentVersion), people, creator, {
              t: page.t,
              status: names(page.lang).status,
            })
          : [],
      // Units, newest first, each linking to its console page; none for a model without units or a
      // member without battery:read.
      units: units.status === 200 ? units.body.units : [],
      unitTotal: units.status === 200 ? units.body.total : 0,
      moves: PASSPORT_STATUSES.filter((to) => PASSPORT_STATUSES.includes(status) && canMove(status, to)),
      deletable: status === 'DRAFT',
      unitStatuses: UNIT_STATUSES.join(', '),
      registry: registry.status === 200 ? registryPanel(registry.body, page.t) : null,
    },
  };
}
