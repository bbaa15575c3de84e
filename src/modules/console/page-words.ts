// What every console page may need to show values in people's words rather than the schema's: the
// countries by name, enum values by label, and instants in the page's language and one time zone.
// Handed to every view by pages.ts, so a template writes `it.when(row.createdAt)` or
// `it.valueLabel(row.role)` and never formats on its own.
import { countryName, countryOptions } from '../../core/countries.ts';
import { type Lang, t, valueLabel } from '../../core/i18n.ts';

/**
 * Workspaces have no time zone setting, and a page rendered on the server does not know the
 * browser's: instants are shown in Central European time (Europe/Brussels, where the Regulation's
 * authorities sit and most workspaces work), with the zone named beside them (docs/console.md).
 */
export const CONSOLE_TIME_ZONE = 'Europe/Brussels';

const formats = new Map<Lang, Intl.DateTimeFormat>();

/** An instant (ISO text or Date) in the page's language and the console's time zone; '—' for none. */
export function formatInstant(lang: Lang, at: unknown): string {
  if (at === null || at === undefined || at === '') return '—';
  const date = at instanceof Date ? at : new Date(String(at));
  if (Number.isNaN(date.getTime())) return String(at);
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: CONSOLE_TIME_ZONE,
    });
    formats.set(lang, format);
  }
  const zone = new Intl.DateTimeFormat(lang, { timeZone: CONSOLE_TIME_ZONE, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value;
  return zone ? `${format.format(date)} ${zone}` : format.format(date);
}

/**
 * An enum value's label: the console's own values (roles, statuses, unit statuses, event types) under
 * `console.words.enum`, else a category schema's value label, else the value itself.
 */
export function enumLabel(lang: Lang, value: string): string {
  const key = `console.words.enum.${value}`;
  const own = t(lang, key);
  return own === key ? valueLabel(lang, value) : own;
}

export function pageWords(lang: Lang) {
  return {
    countries: countryOptions(lang),
    countryName: (code: unknown) => (typeof code === 'string' && code !== '' ? countryName(lang, code) : '—'),
    valueLabel: (value: unknown) =>
      typeof value === 'string' ? enumLabel(lang, value) : String(value ?? ''),
    when: (at: unknown) => formatInstant(lang, at),
  };
}
