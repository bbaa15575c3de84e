// The header and footer every public page shares (the `site-header` and `site-footer` templates,
// placed by `layout`): what the page is part of, perhaps one line about the reader's access, and
// who answers for the data. One shape, so that the passport, unit and request pages look alike.

/** Looks up a message in the reader's language (core/i18n's `t`, bound to a language). */
export type Translate = (key: string, params?: Record<string, string>) => string;

export interface PageFrame {
  kicker: string;
  detail: { label: string; value: string } | null;
  footer: string;
}

export function pageFrame(
  t: Translate,
  options: { detail?: PageFrame['detail']; footer?: string } = {},
): PageFrame {
  return {
    kicker: t('passportPage.kicker'),
    detail: options.detail ?? null,
    footer: options.footer ?? t('publicPage.footer'),
  };
}
