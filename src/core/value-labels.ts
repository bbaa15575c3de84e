// Labels of the category schemas' enum values (`SEPARATE_COLLECTION` → "Separate collection") in the
// 28 languages of the service, one flat file per language beside the message files. They join the
// one i18next instance of i18n.ts under `value.`, so that pages and forms look them up the way the
// advisories' messages are looked up. Kept apart from the message files because they are many and
// grow with the schemas; value-labels.test.ts holds every enum value of every schema to a label in
// every language.
import bg from '../locales/values/bg.json' with { type: 'json' };
import cs from '../locales/values/cs.json' with { type: 'json' };
import da from '../locales/values/da.json' with { type: 'json' };
import de from '../locales/values/de.json' with { type: 'json' };
import el from '../locales/values/el.json' with { type: 'json' };
import en from '../locales/values/en.json' with { type: 'json' };
import es from '../locales/values/es.json' with { type: 'json' };
import et from '../locales/values/et.json' with { type: 'json' };
import fi from '../locales/values/fi.json' with { type: 'json' };
import fr from '../locales/values/fr.json' with { type: 'json' };
import ga from '../locales/values/ga.json' with { type: 'json' };
import hr from '../locales/values/hr.json' with { type: 'json' };
import hu from '../locales/values/hu.json' with { type: 'json' };
import is from '../locales/values/is.json' with { type: 'json' };
import it from '../locales/values/it.json' with { type: 'json' };
import lt from '../locales/values/lt.json' with { type: 'json' };
import lv from '../locales/values/lv.json' with { type: 'json' };
import mt from '../locales/values/mt.json' with { type: 'json' };
import nb from '../locales/values/nb.json' with { type: 'json' };
import nl from '../locales/values/nl.json' with { type: 'json' };
import nn from '../locales/values/nn.json' with { type: 'json' };
import pl from '../locales/values/pl.json' with { type: 'json' };
import pt from '../locales/values/pt.json' with { type: 'json' };
import ro from '../locales/values/ro.json' with { type: 'json' };
import sk from '../locales/values/sk.json' with { type: 'json' };
import sl from '../locales/values/sl.json' with { type: 'json' };
import sv from '../locales/values/sv.json' with { type: 'json' };
import tr from '../locales/values/tr.json' with { type: 'json' };

export const VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  bg,
  cs,
  da,
  de,
  el,
  en,
  es,
  et,
  fi,
  fr,
  ga,
  hr,
  hu,
  is,
  it,
  lt,
  lv,
  mt,
  nb,
  nl,
  nn,
  pl,
  pt,
  ro,
  sk,
  sl,
  sv,
  tr,
};
