// The one answer for anything a public URL does not name, whatever the reason (unpublished, another
// workspace's host, unknown): resolution never tells them apart.
import { notFound } from '../../http/errors.ts';

export const nothingPublished = () => notFound('Nothing is published under this identifier');
