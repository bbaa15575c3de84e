// A webhook form's refusal placed at its field: the API words its checks of the target as
// `url must …`, `the host … resolves to …, which is not public: …` or, for the body's schema,
// `body/url must …` and `body/events must …`. A target refused as loopback, private or plain http
// also gets the reason in the page's language, naming the setting that allows it and why it is off.
import type { SignedInPage } from './frame.ts';

export interface WebhookFieldErrors {
  url?: string;
  events?: string;
}

export function webhookRefusal(message: string, page: SignedInPage) {
  const about = message.replace(/^body\//, '');
  const fieldErrors: WebhookFieldErrors = {};
  if (/^(url\b|the host )/.test(about)) fieldErrors.url = message;
  else if (/^events\b/.test(about)) fieldErrors.events = message;
  const insecureOff = /which is not public|url must use https/.test(message);
  const placed = fieldErrors.url !== undefined || fieldErrors.events !== undefined;
  return {
    fieldErrors,
    insecureOff,
    error: placed ? page.t('webhookTargets.notSaved') : message,
  };
}
