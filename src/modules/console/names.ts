// The console's names for the codes it shows (a category, a granularity, a passport status, a
// member's role) in the page's language, from the locale files; a code without a name is shown as
// it is. Pages and forms use these instead of the codes the API speaks.
import { type Lang, t } from '../../core/i18n.ts';

function named(lang: Lang, key: string, code: string, capital = false): string {
  const text = t(lang, key);
  if (text === key) return code;
  return capital ? text.charAt(0).toLocaleUpperCase(lang) + text.slice(1) : text;
}

/** The name the first boot gives the demo workspace (subdomain `demo`), shown in the page's language. */
export const DEMO_WORKSPACE = { name: 'Demo workspace', subdomain: 'demo' } as const;

export function names(lang: Lang) {
  return {
    /** The advisory messages' category words ("batteries"), which are written for inside a sentence. */
    category: (code: string) => named(lang, `category.${code}`, code, true),
    granularity: (code: string) => named(lang, `granularity.${code}`, code, true),
    status: (code: string) => named(lang, `passportPage.statuses.${code}`, code),
    role: (code: string) => named(lang, `console.roles.${code}`, code),
    /** A workspace's name as its owners wrote it; the demo workspace's, while unchanged, in the page's language. */
    workspace: (tenant: { name: string; subdomain: string }) =>
      tenant.name === DEMO_WORKSPACE.name && tenant.subdomain === DEMO_WORKSPACE.subdomain
        ? named(lang, 'console.demoWorkspace', tenant.name)
        : tenant.name,
  };
}

export type Names = ReturnType<typeof names>;
