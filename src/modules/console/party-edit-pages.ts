// The one edit component of the console's parties (economic operators and facilities): the list with
// its registration form, one party's page, and the save of that page's form. Every action goes
// through the party's API as the member; a refusal brings the form back as typed, the message by its
// field in the member's words (party-words.ts), under the stored party's name. The two kinds differ only in what their spec names.
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import type { AnyAnswer } from './api-answers.ts';
import { apiRefusal } from './api-refusal.ts';
import { formPage } from './form-page.ts';
import type { pageFrames, SignedInPage } from './frame.ts';
import { checkFormCsrf, formFields, MEMBER_PAGE, PAGE_ANSWERS, renderPage, seeOther } from './pages.ts';
import { type FormRefusal, formOf, refusalOf } from './party-forms.ts';
import { explainer } from './party-words.ts';
import type { SessionService } from './sessions.ts';

type Party = Record<string, unknown> & { id: string; name: string };
type Form = Record<string, string>;

export interface PartyPagesSpec {
  /** The console path of the list (`/console/operators`); one party is `<path>/<id>`. */
  path: string;
  /** The locale key of the pages' title. */
  title: string;
  /** The views of the list and of one party. */
  views: { list: string; one: string };
  /** The API paths its fields are named by in a refusal. */
  fieldPaths: readonly string[];
  list(page: SignedInPage): Promise<unknown[]>;
  read(page: SignedInPage, id: string): Promise<Party>;
  create(page: SignedInPage, form: Form): Promise<AnyAnswer>;
  /** The id of the party a create made, from the API's 201 body. */
  createdId(body: object): string;
  update(page: SignedInPage, id: string, form: Form): Promise<AnyAnswer>;
  /** The form's model: the form as typed or stored, the refusal, and what the form offers besides. */
  formData(page: SignedInPage, form: Form, refusal?: FormRefusal): Promise<Record<string, unknown>>;
  /** What the edit form shows of the stored party whatever was typed (identifiers that never change). */
  fixed(party: Party): Form;
  /** What else the edit page's model carries (an archive date). */
  extra?(party: Party): Record<string, unknown>;
}

type MemberPage = ReturnType<typeof pageFrames>['memberPage'];

const hide = true;
const options = { config: { access: MEMBER_PAGE }, schema: { hide, response: PAGE_ANSWERS } };

const DONE = ['created', 'saved', 'archived', 'deleted', 'restored'];

/** The id in the path, passed on as the API's own path segment: the API judges it (404 if bad). */
export const pathId = (request: FastifyRequest) =>
  encodeURIComponent((request.params as { id?: string }).id ?? '');

/** What a signed-in page was told to show after a redirect (`?done=`), in the member's words. */
export function noticeOf(request: FastifyRequest, page: SignedInPage): string | undefined {
  const done = (request.query as { done?: unknown } | undefined)?.done;
  return typeof done === 'string' && DONE.includes(done) ? page.t(`parties.${done}`) : undefined;
}

export function partyEditPages(
  app: App,
  memberPage: MemberPage,
  sessions: SessionService,
  spec: PartyPagesSpec,
) {
  const csrf = (page: SignedInPage, request: FastifyRequest) => () =>
    checkFormCsrf(page.principal, request.body, sessions.keys.sameCsrfToken);
  /** The edit page's model: the stored party, with the form as typed when it comes back refused. */
  const editData = async (page: SignedInPage, party: Party, form: Form, refusal?: FormRefusal) => ({
    id: party.id,
    ...spec.extra?.(party),
    ...(await spec.formData(page, { ...form, ...spec.fixed(party) }, refusal)),
  });

  app.get(spec.path, options, async (request, reply) =>
    memberPage(request, reply, spec.title, async (page, frame) =>
      renderPage(reply, 200, spec.views.list, frame, {
        rows: await spec.list(page),
        notice: noticeOf(request, page),
        ...(await spec.formData(page, {})),
      }),
    ),
  );

  app.post(spec.path, options, async (request, reply) =>
    memberPage(request, reply, spec.title, async (page, frame) => {
      const form = formFields(request.body);
      return formPage(reply, frame, {
        check: csrf(page, request),
        send: () => spec.create(page, form),
        accepted: 201,
        done: (created: AnyAnswer) =>
          seeOther(reply, `${spec.path}/${spec.createdId(created.body)}?done=created`),
        view: spec.views.list,
        again: async (refused) => ({
          rows: await spec.list(page),
          ...(await spec.formData(
            page,
            form,
            refusalOf(refused.body as Record<string, unknown>, spec.fieldPaths, explainer(page.lang)),
          )),
        }),
      });
    }),
  );

  app.get(`${spec.path}/:id`, options, async (request, reply) =>
    memberPage(request, reply, spec.title, async (page, frame) => {
      const party = await spec.read(page, pathId(request));
      const model = await editData(page, party, formOf(party));
      return renderPage(
        reply,
        200,
        spec.views.one,
        { ...frame, title: party.name },
        {
          ...model,
          notice: noticeOf(request, page),
        },
      );
    }),
  );

  app.post(`${spec.path}/:id`, options, async (request, reply) =>
    memberPage(request, reply, spec.title, async (page, frame) => {
      const form = formFields(request.body);
      const id = pathId(request);
      // The form comes back under the stored party's name, read once the refusal is known.
      const edit = { ...frame };
      return formPage(reply, edit, {
        check: csrf(page, request),
        send: () => spec.update(page, id, form),
        accepted: 200,
        done: () => seeOther(reply, `${spec.path}/${id}?done=saved`),
        view: spec.views.one,
        again: async (saved) => {
          if (saved.status === 404) throw apiRefusal(saved);
          const party = await spec.read(page, id);
          edit.title = party.name;
          return editData(
            page,
            party,
            form,
            refusalOf(saved.body as Record<string, unknown>, spec.fieldPaths, explainer(page.lang)),
          );
        },
      });
    }),
  );
}
