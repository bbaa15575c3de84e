// Ingest from an AAS JSON Environment (docs/aas.md, "Ingest"): the environment is read back to the
// passport it carries, a seal it carries must verify against this node's seal CA before anything is
// stored, and the write itself is an ordinary create or update by productId, with the same rules,
// versioning, audit, operator scope and quota as POST and PUT /api/v1/passports. The seal CA comes
// from seals, which stand below passports (sealing a passport is the sealing module's, above both).
// Apart from service.ts because an environment is read, its seal verified and then written as one job
// with its own route; the write goes through the service's create and update.
import type { ServiceContext } from '../../context.ts';
import { type Actor, can } from '../../core/actor.ts';
import { AppError, badRequest } from '../../core/errors.ts';
import { environmentToPassport, PASSPORT_SUBMODEL_SEMANTIC_ID } from '../../domain/aas/index.ts';
import { firstJsonProblem } from '../../domain/json/hygiene.ts';
import { verifySealedDocument } from '../../domain/seal/index.ts';
import { sealCaCertificate } from '../seals/service.ts';
import { createPassport, findByProductId, updatePassport } from './service.ts';

export const AAS_REINGEST_REASON = 'AAS re-ingest';

interface Problem {
  path: string;
  message: string;
}

const malformed = (message: string, errors: Problem[]) => badRequest(message, { extra: { errors } });

/** Pointer of the passport submodel in the submitted environment, where the seal travels. */
function passportSubmodelPath(json: unknown): string {
  const submodels = (json as { submodels?: unknown }).submodels;
  if (!Array.isArray(submodels)) return '/submodels';
  const index = submodels.findIndex((submodel) => {
    const keys = (submodel as { semanticId?: { keys?: { value?: unknown }[] } } | null)?.semanticId?.keys;
    return Array.isArray(keys) && keys[0]?.value === PASSPORT_SUBMODEL_SEMANTIC_ID;
  });
  return index < 0 ? '/submodels' : `/submodels/${index}`;
}

export async function ingestEnvironment(services: ServiceContext, actor: Actor, json: unknown) {
  const read = environmentToPassport(json);
  if (!read.ok) throw malformed('The AAS environment is malformed', read.errors);
  const where = passportSubmodelPath(json);
  // The document is held to the same hygiene as a JSON body (a base64 value may decode to a NUL,
  // an environment may nest a document deeper than the API takes one).
  const hygiene = firstJsonProblem(read.body);
  if (hygiene) {
    throw malformed('The passport the environment carries cannot be stored', [
      { path: where, message: `the passport's ${hygiene.message}` },
    ]);
  }
  if (read.sealed) {
    const verification = await verifySealedDocument(read.document, {
      caCertificatePem: await sealCaCertificate(services),
      now: services.clock(),
    });
    if (!verification.valid) {
      const reasons = verification.reasons.length > 0 ? verification.reasons : ['The seal does not verify'];
      throw malformed(
        'The environment carries a seal that does not verify; nothing was stored',
        reasons.map((message) => ({ path: where, message })),
      );
    }
  }
  return services.db.transaction(async (tx) => {
    const existing = await findByProductId(tx, actor, read.body.productId);
    const needed = existing ? 'passport:update' : 'passport:create';
    if (!can(actor, needed)) {
      throw new AppError(
        'INSUFFICIENT_PERMISSION',
        existing
          ? 'A passport with this productId exists, and this API key lacks passport:update to change it'
          : 'This API key lacks the passport:create permission',
      );
    }
    if (existing) {
      const body = { ...read.body, changeReason: AAS_REINGEST_REASON };
      return { created: false, ...(await updatePassport(services, actor, existing.id, body, {}, tx)) };
    }
    return { created: true, ...(await createPassport(services, actor, read.body, {}, tx)) };
  });
}
