// The resolver description file, `GET /.well-known/gs1resolver` (GS1-Conformant Resolver, section 3):
// what a client learns before following a Digital Link here — the resolver's root, the keys it
// resolves, the link type namespace it recognises, that the linkset is never the default answer, and
// the JSON-LD context that turns its linksets into JSON-LD. No context values are enumerated: this
// node offers one link per media type and does not read `context`.
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { GS1_VOC, LINKSET_CONTEXT, SERVED_LINK_TYPES } from './linkset.ts';

const ResolverDescription = Type.Object(
  {
    name: Type.String(),
    resolverRoot: Type.String({ format: 'uri' }),
    supportedPrimaryKeys: Type.Array(Type.String(), { description: 'numeric AIs of the keys resolved here' }),
    supportedLinkType: Type.Array(Type.Object({ namespace: Type.String(), prefix: Type.String() }), {
      description: 'link type namespaces recognised, with their CURIE prefix (the standard field)',
    }),
    supportedLinkTypes: Type.Array(Type.String(), {
      description: 'the link types this resolver answers with a redirect; any other is 404',
    }),
    linkTypeDefaultCanBeLinkset: Type.Boolean(),
    jsonLdContextLocation: Type.String(),
  },
  { additionalProperties: false },
);

export function resolverDescription(baseUrl: string) {
  return {
    name: 'OpenDPP node: Digital Product Passport resolver',
    resolverRoot: baseUrl,
    supportedPrimaryKeys: ['01', '8003'],
    supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:' }],
    supportedLinkTypes: SERVED_LINK_TYPES.map((iri) => `gs1:${iri.slice(GS1_VOC.length)}`),
    linkTypeDefaultCanBeLinkset: false,
    jsonLdContextLocation: LINKSET_CONTEXT,
  };
}

export function descriptionRoute(app: App, baseUrl: string): void {
  const description = resolverDescription(baseUrl);
  app.get(
    '/.well-known/gs1resolver',
    {
      config: { access: { kind: 'public', budget: 'resolution' }, cors: true },
      schema: {
        tags: ['Public resolution'],
        summary: 'GS1 resolver description file',
        response: { 200: ResolverDescription },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return description;
    },
  );
}
