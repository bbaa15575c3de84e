// Whoami: authentication (one key lookup joined with its workspace) and the Whoami result.
import { benchApp } from './lib/app.ts';
import { listen, requestsPerSecond } from './lib/measure.ts';

export async function whoamiThroughput(databaseUrl: string | undefined): Promise<number> {
  const bench = await benchApp(databaseUrl);
  try {
    const url = await listen(bench.app);
    return await requestsPerSecond({
      url: `${url}/api/v1/whoami`,
      headers: { authorization: `Bearer ${bench.token}` },
    });
  } finally {
    await bench.close();
  }
}
