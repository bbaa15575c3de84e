// Credential resolution against JSON-LD resolution of the same passport in the same run: warm
// (anonymous answers from the render cache; owner answers, which skip it, from the credential
// cache; each the median of three rounds taken in turn with its JSON-LD baseline) and cold (the first resolution of each of a set of fresh passports, signing included).
import { randomInt } from 'node:crypto';
import { categorySchemas } from '../src/domain/categories/schemas/index.ts';
import { withCheckDigit } from '../src/domain/gs1/check-digit.ts';
import { benchApp } from './lib/app.ts';
import { alternatingRates, figure, listen, type Row, type Target } from './lib/measure.ts';

const metadata = (categorySchemas.batteries.examples as unknown[])[0];
const gtin = (n: number) => withCheckDigit(`4${String(n).padStart(11, '0')}`);
const COLD_PASSPORTS = 30;
const FORMS = ['application/vc+jwt', 'application/vc+ld+json', 'application/dc+sd-jwt'] as const;
const LD = 'application/ld+json';

export async function credentialFigures(databaseUrl: string | undefined): Promise<Row[]> {
  const { app, headers, close } = await benchApp(databaseUrl);
  const owner = { authorization: headers.authorization as string };
  try {
    await app.inject({
      method: 'POST',
      url: '/api/v1/operators',
      headers,
      payload: {
        name: 'Bench Cells',
        regIdScheme: 'DE-HRB',
        regId: `HRB${randomInt(1e6)}`,
        role: 'MANUFACTURER',
      },
    });
    let counter = randomInt(1e9);
    const create = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/passports',
        headers,
        payload: { productId: gtin(counter++), category: 'batteries', metadata },
      });
      return response.json().passport.id as string;
    };
    const passportId = await create();
    const base = await listen(app);
    const url = `${base}/passport/${passportId}`;
    const target = (accept: string, extra: Record<string, string> = {}): Target => ({
      url,
      headers: { accept, ...extra },
    });
    // Every form and both JSON-LD baselines in each round: the machine's drift over the minutes
    // the forms take would otherwise weigh more than the difference measured.
    const targets: Record<string, Target> = { publicLd: target(LD), ownerLd: target(LD, owner) };
    for (const form of FORMS) {
      targets[`public ${form}`] = target(form);
      targets[`owner ${form}`] = target(form, owner);
    }
    const rates = await alternatingRates(targets);
    const rate = (key: string) => rates[key] as number;
    const rows: Row[] = [];
    for (const form of FORMS) {
      rows.push(
        figure(
          `public ${form} (warm)`,
          rate(`public ${form}`),
          'req/s',
          'public JSON-LD',
          rate('publicLd'),
          0.8,
        ),
      );
      rows.push(
        figure(`owner ${form} (warm)`, rate(`owner ${form}`), 'req/s', 'owner JSON-LD', rate('ownerLd'), 0.8),
      );
    }

    // Cold: each passport resolved once, sequentially, so every answer is rendered or signed anew.
    const coldRate = async (accept: string) => {
      const ids = [];
      for (let i = 0; i < COLD_PASSPORTS; i++) ids.push(await create());
      const started = performance.now();
      for (const id of ids) {
        const response = await fetch(`${base}/passport/${id}`, { headers: { accept, ...owner } });
        if (!response.ok) throw new Error(`${accept}: ${response.status}`);
        await response.text();
      }
      return COLD_PASSPORTS / ((performance.now() - started) / 1000);
    };
    const coldLd = await coldRate(LD);
    for (const form of FORMS) {
      rows.push(
        figure(`owner ${form} (cold)`, await coldRate(form), 'req/s', 'owner JSON-LD (cold)', coldLd),
      );
    }
    return rows;
  } finally {
    await close();
  }
}
