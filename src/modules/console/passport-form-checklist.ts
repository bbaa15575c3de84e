// What a draft still lacks before it can be published: the full validation of the passport as it is
// stored (the same check publishing makes, docs/passports.md "Partial drafts"), in the page's
// language, shown as a checklist beside the form's sections.
import { type Lang, localise } from '../../core/i18n.ts';
import type { Category } from '../../domain/categories/types.ts';
import { checkPassportBody } from '../../domain/passports/create-body.ts';
import type { FormProblem, FormValues } from './passport-form.ts';

/** The errors that stop publishing, and the advisories (warnings) that do not. */
export function draftFindings(category: Category, values: FormValues, lang: Lang) {
  const checked = checkPassportBody({
    productId: values.productId,
    category,
    ...(values.originCountry ? { originCountry: values.originCountry } : {}),
    ...(values.granularity ? { granularity: values.granularity } : {}),
    metadata: values.metadata,
  });
  const problems = (items: typeof checked.errors): FormProblem[] =>
    localise(items, lang).map((item) => ({
      code: item.code,
      ...(item.path === undefined ? {} : { path: item.path }),
      message: item.friendlyMessage,
    }));
  return { errors: problems(checked.errors), warnings: problems(checked.warnings) };
}
