// The three credential forms public resolution negotiates, one representation each: the enveloped
// VC-JWT and the Data Integrity credential on passports and units, the SD-JWT VC on passports.
import { Type } from 'typebox';
import type { ServiceContext } from '../../context.ts';
import type { Representation } from '../../core/representations.ts';
import {
  type CredentialForm,
  SD_JWT_VC_MEDIA_TYPE,
  VC_JWT_MEDIA_TYPE,
  VC_LD_MEDIA_TYPE,
} from '../../domain/credentials/index.ts';
import type { CredentialCache } from './cache.ts';
import { issueCredential } from './issue.ts';
import { CompactJws } from './schemas.ts';

const SdJwt = Type.String({
  description: 'an SD-JWT: the issuer-signed JWT and its disclosures, ~-separated',
});
const SecuredCredential = Type.Object(
  { '@context': Type.Array(Type.String()), proof: Type.Object({}, { additionalProperties: true }) },
  { additionalProperties: true, description: 'a credential with an embedded DataIntegrityProof' },
);

/** Public resolution's credential representations, issuing through the module's cache. */
export function credentialRepresentations(
  services: ServiceContext,
  cache: CredentialCache,
): Representation[] {
  const render = (form: CredentialForm) => (subject: Parameters<Representation['render']>[0]) =>
    issueCredential(services, cache, subject, form);
  return [
    {
      type: VC_JWT_MEDIA_TYPE,
      contentType: VC_JWT_MEDIA_TYPE,
      schema: CompactJws,
      render: render('vc+jwt'),
    },
    {
      type: VC_LD_MEDIA_TYPE,
      contentType: VC_LD_MEDIA_TYPE,
      schema: SecuredCredential,
      render: render('vc+ld+json'),
    },
    {
      type: SD_JWT_VC_MEDIA_TYPE,
      contentType: SD_JWT_VC_MEDIA_TYPE,
      schema: SdJwt,
      serves: ['passport'],
      render: render('dc+sd-jwt'),
    },
  ];
}
