// The rules of route files, checked by `npm run lint:imports` beside the import rules: a file that
// registers routes reads no database (it imports no store, no table, no query builder), a function
// registering routes stays short enough to read at once (the routes of one screen, or of one
// resource), and a handler parses, calls one service function and shapes the reply, in few lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { ROOT } from './import-rules.ts';

/** Lines a function registering routes may take, and lines one handler may take. */
export const REGISTRATION_LINES = 80;
export const HANDLER_LINES = 40;

/** What reads a database, as an import names it: a store file, the tables, the query builder. */
const DATABASE = /((^|\/|-)store\.ts|\/db\/schema(\.ts|\/.*)|^drizzle-orm(\/.*)?)$/;
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

type FunctionLike = ts.FunctionDeclaration | ts.FunctionExpression | ts.ArrowFunction | ts.MethodDeclaration;
const isFunctionLike = (node: ts.Node): node is FunctionLike =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node);

/** `app.get('/path', …)`: a method of the HTTP verbs called with a path first. */
function isRegistration(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return false;
  if (!METHODS.has(node.expression.name.text)) return false;
  // A path and a handler at least: `map.get('/key')` is no route.
  const [path] = node.arguments;
  if (!path || node.arguments.length < 2) return false;
  const text = ts.isStringLiteral(path) || ts.isNoSubstitutionTemplateLiteral(path) ? path.text : null;
  const template = ts.isTemplateExpression(path) ? path.head.text : null;
  return (text ?? template ?? '').startsWith('/');
}

export interface RouteFunction {
  file: string;
  name: string;
  lines: number;
}

export interface RouteFileFacts {
  file: string;
  /** What the file imports that reads a database (type-only imports describe rows and pass). */
  stores: string[];
  registrations: RouteFunction[];
  handlers: RouteFunction[];
}

const linesOf = (source: ts.SourceFile, node: ts.Node) =>
  source.getLineAndCharacterOfPosition(node.getEnd()).line -
  source.getLineAndCharacterOfPosition(node.getStart(source)).line +
  1;

function nameOf(node: FunctionLike): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

/** What one file registers: null when it registers no route. */
export function routeFileFacts(file: string, text: string): RouteFileFacts | null {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const registrations = new Map<FunctionLike, RouteFunction>();
  const handlers: RouteFunction[] = [];
  const visit = (node: ts.Node) => {
    if (isRegistration(node)) {
      let outer: ts.Node | undefined = node.parent;
      while (outer && !isFunctionLike(outer)) outer = outer.parent;
      if (outer && !registrations.has(outer as FunctionLike)) {
        const registering = outer as FunctionLike;
        registrations.set(registering, {
          file,
          name: nameOf(registering),
          lines: linesOf(source, registering),
        });
      }
      const handler = node.arguments[node.arguments.length - 1];
      if (handler && isFunctionLike(handler)) {
        const [path] = node.arguments as unknown as [ts.Expression];
        const method = (node.expression as ts.PropertyAccessExpression).name.text.toUpperCase();
        handlers.push({ file, name: `${method} ${path.getText(source)}`, lines: linesOf(source, handler) });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (registrations.size === 0 && handlers.length === 0) return null;
  const stores = source.statements.flatMap((statement) =>
    ts.isImportDeclaration(statement) &&
    !statement.importClause?.isTypeOnly &&
    ts.isStringLiteral(statement.moduleSpecifier) &&
    DATABASE.test(statement.moduleSpecifier.text)
      ? [statement.moduleSpecifier.text]
      : [],
  );
  return { file, stores, registrations: [...registrations.values()], handlers };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The facts of every file of src/modules that registers routes. */
export function routeFiles(baseDir = ROOT): RouteFileFacts[] {
  return sourceFiles(join(baseDir, 'src', 'modules')).flatMap((path) => {
    const facts = routeFileFacts(relative(baseDir, path), readFileSync(path, 'utf8'));
    return facts ? [facts] : [];
  });
}

/**
 * Functions longer than the rule that are yet to be split, each at most as long as it is today and
 * with why it stands: an entry fails once its function grows, and once it is short enough or gone (the
 * list only shrinks). Keyed `file name`.
 */
export const LONG_FOR_NOW: Readonly<Record<string, { lines: number; why: string }>> = {};

const keyOf = (found: RouteFunction) => `${found.file} ${found.name}`;

/** Every break of the rules, one line each, with the lists of exceptions taken into account. */
export function routeRuleBreaks(files = routeFiles(), known = LONG_FOR_NOW): string[] {
  const breaks: string[] = [];
  const seen = new Set<string>();
  const judge = (found: RouteFunction, limit: number, rule: string) => {
    const key = keyOf(found);
    const allowed = known[key];
    if (allowed) seen.add(key);
    if (found.lines <= limit) {
      if (allowed) breaks.push(`${rule}: ${key} is ${found.lines} lines now; drop it from LONG_FOR_NOW`);
      return;
    }
    if (allowed && found.lines <= allowed.lines) return;
    const cap = allowed ? `at most ${allowed.lines} (LONG_FOR_NOW)` : `at most ${limit}`;
    breaks.push(`${rule}: ${found.file} ${found.name} is ${found.lines} lines, ${cap}`);
  };
  for (const file of files) {
    for (const store of file.stores) {
      breaks.push(`route-reads-no-database: ${file.file} imports ${store}; call its module's service`);
    }
    for (const found of file.registrations) judge(found, REGISTRATION_LINES, 'route-registration-length');
    for (const found of file.handlers) judge(found, HANDLER_LINES, 'route-handler-length');
  }
  for (const key of Object.keys(known)) {
    if (!seen.has(key)) breaks.push(`route-length: LONG_FOR_NOW names ${key}, which registers no route now`);
  }
  return breaks;
}
