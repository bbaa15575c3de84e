// What the webhook screens share: the subscription form read as the API's body, and the page models
// of the subscriptions list and of one subscription, read through the webhooks API as the member.
// Used by webhooks-pages.ts (the list) and webhook-subscription-pages.ts (one subscription).
import type { AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { SUBSCRIBABLE } from '../../domain/webhooks/kinds.ts';
import { type TargetPolicy, unresolvedHost } from '../webhooks/service.ts';
import { expectStatus } from './api-refusal.ts';
import type { SignedInPage } from './frame.ts';
import { callApi, formAll, formFields, type Inject } from './pages.ts';

const API = '/api/v1/webhooks/subscriptions';

/** The policy a subscription's target is judged by, as the node is configured. */
export const targetPolicy = (context: AppContext): TargetPolicy => ({
  allowInsecure: context.config.webhookAllowInsecureTargets,
});

/** The subscription form as the API's body: a box left unticked is `active: false`. */
export const subscriptionBody = (body: unknown) => ({
  url: (formFields(body).url ?? '').trim(),
  events: formAll(body, 'events'),
  active: formFields(body).active === 'on',
});

/** The list's and one subscription's page models, read through the API as the member. */
export function webhookScreens(inject: Inject, policy: TargetPolicy) {
  async function listPage(page: SignedInPage, extra: Record<string, unknown> = {}) {
    const list = expectStatus(await callApi(inject, page.principal, 'GET', API), 200);
    return { subscriptions: list.subscriptions, kinds: SUBSCRIBABLE, form: { active: 'on' }, ...extra };
  }

  /** One subscription's page model; the API lists subscriptions only, so it is found in the list. */
  async function subscriptionPage(page: SignedInPage, id: string, extra: Record<string, unknown> = {}) {
    const list = expectStatus(await callApi(inject, page.principal, 'GET', API), 200);
    const found = list.subscriptions.find((subscription) => subscription.id === id);
    if (!found) throw new AppError('NOT_FOUND', page.t('trust.webhooks.notFound'));
    // A host that does not resolve now was saved; the page says so each time it is shown.
    const unresolved = await unresolvedHost(found.url, policy);
    return { subscription: found, kinds: SUBSCRIBABLE, unresolved, ...extra };
  }
  return { listPage, subscriptionPage };
}
