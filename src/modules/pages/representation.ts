// `Accept: text/html`: the passport page and the unit page (and a recycled unit's tombstone page),
// in the caller's language and tier, from the eta templates. One representation module.

import { fieldText } from '../../core/field-labels.ts';
import { t } from '../../core/i18n.ts';
import type { Representation, Subject } from '../../core/representations.ts';
import { PAGE_POLICY, renderView } from '../../core/views.ts';
import { qrSvg } from '../../domain/gs1/qr-svg.ts';
import { passportPageModel, passportPageSeal } from '../../domain/passports/page.ts';
import { pageFrame } from '../../domain/passports/page-frame.ts';
import { UNIT_PAGE_STYLE, unitPageModel } from '../../domain/units/page.ts';
import type { UnitView } from '../../domain/units/view.ts';

type Lang = Parameters<typeof t>[0];

function passportPage(subject: Subject, lang: Lang, baseUrl: string): string {
  const document = subject.view;
  const translate = (key: string, params?: Record<string, string>) => t(lang, key, params);
  const link = (document.digitalLinkUri ?? document.digitalProductPassportId) as string;
  const requestable = subject.tier === 'public' || subject.tier === 'legitimate-interest';
  return renderView(
    'passport',
    passportPageModel({
      document,
      tier: subject.tier,
      lang,
      t: translate,
      seal: passportPageSeal(document),
      qrSvg: qrSvg(link, t(lang, 'passportPage.qrLabel')),
      requestAccessUrl:
        requestable && document.restrictedData ? `${baseUrl}/request-access/${document.id}` : null,
      // Verification is an API call (POST /api/v1/audit/verify), not a page: no link to follow.
      verifyUrl: null,
      fieldLabel: (category, path) => fieldText(lang, category, path)?.label,
    }),
  );
}

function unitPage(subject: Subject, lang: Lang): string {
  const view = subject.view;
  const translate = (key: string, params?: Record<string, string>) => t(lang, key, params);
  if (view.status === 'RECYCLED' && typeof view.ofModel === 'string') {
    const ceased = typeof view.ceasedAt === 'string' ? new Date(view.ceasedAt) : null;
    const format = new Intl.DateTimeFormat(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'UTC',
    });
    return renderView('unit-gone', {
      lang,
      style: UNIT_PAGE_STYLE,
      frame: pageFrame(translate),
      title: translate('unitPage.title', { serial: String(view.serialNumber) }),
      labels: {
        status: translate('unitPage.status'),
        ceasedAt: translate('unitPage.ceasedAt'),
        model: translate('unitPage.model'),
      },
      status: translate('unitPage.statuses.RECYCLED'),
      ceasedAt: ceased ? `${format.format(ceased)} UTC` : '–',
      modelUrl: view.ofModel,
    });
  }
  const ceasedAt = typeof view.ceasedAt === 'string' ? new Date(view.ceasedAt) : null;
  return renderView(
    'unit',
    // A unit subject's view is the UnitView renderUnitView built, carried by the representations as an open record.
    unitPageModel({ lang, t: translate, view: view as unknown as UnitView, ceasedAt }),
  );
}

export const pageRepresentation: Representation = {
  type: 'text/html',
  contentType: 'text/html; charset=utf-8',
  kept: true,
  localised: true,
  headers: { 'content-security-policy': PAGE_POLICY },
  render: (subject, { lang, baseUrl }) =>
    subject.kind === 'passport' ? passportPage(subject, lang, baseUrl) : unitPage(subject, lang),
};
