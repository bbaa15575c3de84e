// The hosted request-access pages as plain data for the `request-access` template: the form, the
// confirmation with the private status link, the status (with the one-time token), and not found.
import type { Lang } from '../../core/i18n.ts';
import { t } from '../../core/i18n.ts';
import { qrSvg } from '../../domain/gs1/qr-svg.ts';
import { productName } from '../../domain/passports/key-figures.ts';
import { pageFrame } from '../../domain/passports/page-frame.ts';
import { REQUESTER_ROLES, type RequestStatus } from './requests.ts';

export const REQUEST_PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
main{max-width:60rem;margin:0 auto;padding:0 1rem}h1{font-size:1.6rem;line-height:1.25;margin:.5rem 0 1rem;overflow-wrap:anywhere}
main>*{max-width:40rem}
form,section{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem 1.25rem;margin:0 0 1rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input,select,textarea{box-sizing:border-box;width:100%;
font:inherit;padding:.5rem;border:1px solid #6e7781;border-radius:6px;background:#fff;color:#1b1f24}
textarea{min-height:7rem}.hint{color:#57606a;font-size:.9rem;margin:.25rem 0 0}
button{margin-top:1rem;font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:6px;
background:#0b5cad;color:#fff;cursor:pointer}button:focus-visible,input:focus-visible,select:focus-visible,
textarea:focus-visible,a:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}.error{color:#a40e26;font-weight:600}
code{display:block;padding:.5rem;background:#eef1f4;border-radius:6px;overflow-wrap:anywhere;font-size:.9rem}
a{color:#0b5cad;overflow-wrap:anywhere}.qr svg{width:100%;max-width:18rem;height:auto;display:block}.open{font-weight:600}.hp{display:none}p{overflow-wrap:anywhere}`;

export interface FormValues {
  organisation: string;
  role: string;
  name: string;
  email: string;
  purpose: string;
}

const EMPTY: FormValues = { organisation: '', role: '', name: '', email: '', purpose: '' };

const words = (lang: Lang) => (key: string, params?: Record<string, string>) =>
  t(lang, `requestAccess.${key}`, params);

function page(lang: Lang, view: string, title: string, extra: Record<string, unknown>) {
  const frame = pageFrame((key, params) => t(lang, key, params));
  return { lang, view, title, style: REQUEST_PAGE_STYLE, frame, ...extra };
}

export function formPage(
  lang: Lang,
  passport: { id: string; productId: string; metadata?: unknown },
  values: FormValues = EMPTY,
  invalid = false,
  credentialOffered = false,
) {
  const w = words(lang);
  // The product by its name (the category's name field) where it has one, with its identifier.
  const name = productName(passport.metadata);
  const product = name ? `${name} (${passport.productId})` : passport.productId;
  return page(lang, 'form', name ? `${w('title')}: ${name}` : w('title'), {
    intro: w('intro', { productId: product }),
    action: `/request-access/${passport.id}?lang=${lang}`,
    invalid: invalid ? w('invalid') : null,
    values,
    labels: {
      organisation: w('organisation'),
      role: w('role'),
      chooseRole: w('chooseRole'),
      name: w('name'),
      email: w('email'),
      purpose: w('purpose'),
      purposeHint: w('purposeHint'),
      submit: w('submit'),
      privacy: w('privacy'),
    },
    roles: REQUESTER_ROLES.map((role) => ({ value: role, label: w(`roles.${role}`) })),
    // Beside the grant request: a credential from an issuer the node trusts (docs/credential-access.md).
    credential: credentialOffered
      ? {
          heading: w('credential.heading'),
          intro: w('credential.intro'),
          button: w('credential.button'),
          action: `/request-access/${passport.id}/credential?lang=${lang}`,
        }
      : null,
  });
}

/** The QR code of the wallet URL (cross-device), the same URL as a link (same-device), and Continue. */
export function credentialPage(lang: Lang, walletUrl: string, continueHref: string, waiting: boolean) {
  const w = words(lang);
  return page(lang, 'credential', w('credential.title'), {
    scan: w('credential.scan'),
    qrSvg: qrSvg(walletUrl, w('credential.qrLabel')),
    walletUrl,
    sameDevice: w('credential.sameDevice'),
    afterwards: w('credential.afterwards'),
    waiting: waiting ? w('credential.pending') : null,
    continueHref,
    continueLabel: w('credential.continue'),
  });
}

/** Why a presentation opened no session here: refused, expired, or already handed to another browser. */
export function credentialEndPage(
  lang: Lang,
  state: 'refused' | 'expired' | 'collected',
  againHref: string | null,
) {
  const w = words(lang);
  return page(lang, 'credentialEnd', w('credential.title'), {
    body: w(`credential.${state}`),
    again: againHref ? { href: againHref, label: w('credential.again') } : null,
  });
}

export function sentPage(lang: Lang, statusUrl: string | null) {
  const w = words(lang);
  return page(lang, 'sent', w('sentTitle'), {
    body: w('sentBody'),
    statusUrl,
    keepPrivate: w('keepPrivate'),
  });
}

export function statusPage(
  lang: Lang,
  status: RequestStatus,
  collect: { action: string; key: string } | null,
  token: string | null,
) {
  const w = words(lang);
  return page(lang, 'status', w('statusTitle'), {
    tierLabel: w('tierLabel'),
    tier: w(`tiers.${status.tier}`),
    stateLabel: w('stateLabel'),
    state: token ? w('states.justCollected') : w(`states.${status.state}`),
    collect: collect ? { ...collect, label: w('collect') } : null,
    token: token
      ? {
          value: token,
          title: w('tokenTitle'),
          note: w('tokenNote'),
          // The passport read with the grant (`?grant=`, docs/grants.md), on this node's own address.
          open: {
            href: `/passport/${status.passportId}?grant=${encodeURIComponent(token)}&lang=${lang}`,
            label: w('openPassport'),
          },
        }
      : null,
  });
}

export function missingPage(lang: Lang, which: 'passport' | 'link') {
  const w = words(lang);
  return page(lang, 'missing', w(which === 'passport' ? 'notFoundTitle' : 'linkInvalidTitle'), {
    body: w(which === 'passport' ? 'notFoundBody' : 'linkInvalidBody'),
  });
}
