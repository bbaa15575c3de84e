// Answers whose bodies the contract spells out exactly: sent as our own JSON text, so the schema
// serialiser neither drops nor reorders a field.
import type { FastifyReply } from 'fastify';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const LD_JSON = 'application/ld+json; charset=utf-8';

export const sendJson = (reply: FastifyReply, status: number, body: unknown) =>
  reply.code(status).type(JSON_TYPE).serializer(String).send(JSON.stringify(body));

export const sendText = (reply: FastifyReply, status: number, type: string, text: string) =>
  reply.code(status).type(type).serializer(String).send(text);
