// The rules of src/modules that no import shows, checked by `npm run lint:imports` beside the import
// rules: every module folder has its place in module-order.json (a folder without one would escape
// the order's rules), and a module's service hands on no function of its store.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import order from '../module-order.json' with { type: 'json' };
import { ROOT } from './import-rules.ts';

/** The modules' layers, highest first. */
export const MODULE_LAYERS: readonly (readonly string[])[] = order.layers;

/** Module folders the order does not place, modules it names that have no folder, and doubles. */
export function unorderedModules(baseDir = ROOT, layers = MODULE_LAYERS): string[] {
  const modulesDir = join(baseDir, 'src', 'modules');
  const folders = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const listed = layers.flat();
  return [
    ...folders
      .filter((folder) => !listed.includes(folder))
      .map((folder) => `module-order: src/modules/${folder}/ has no place in module-order.json`),
    ...listed
      .filter((name) => !folders.includes(name))
      .map((name) => `module-order: module-order.json names ${name}, which is no folder of src/modules`),
    ...listed
      .filter((name, index) => listed.indexOf(name) !== index)
      .map((name) => `module-order: module-order.json places ${name} twice`),
  ];
}

/** A store file as an import names it: `./store.ts`, `./event-store.ts`. */
const STORE = /(^|\/|-)store\.ts$/;

const specifierOf = (node: ts.ImportDeclaration | ts.ExportDeclaration) =>
  node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;

const isExported = (node: ts.VariableStatement) =>
  node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) === true;

/**
 * What one service hands on of a store: a re-export (`export { f } from './store.ts'`), an import
 * exported again (`export { f }`), or an alias (`export const g = store.f`). Types may pass: they
 * describe rows, they read none.
 */
export function storeHandOversOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imported = new Map<string, string>();
  const namespaces = new Map<string, string>();
  const found: string[] = [];
  const report = (name: string, store: string) =>
    found.push(`service-hands-on-no-store: ${file} hands on ${name} of ${store}`);
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement)) continue;
    const store = specifierOf(statement);
    const clause = statement.importClause;
    if (!store || !STORE.test(store) || !clause || clause.isTypeOnly) continue;
    if (clause.name) imported.set(clause.name.text, store);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, store);
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        if (!element.isTypeOnly) imported.set(element.name.text, store);
      }
    }
  }
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const from = specifierOf(statement);
      const clause = statement.exportClause;
      if (from && STORE.test(from) && !clause) report('everything', from);
      if (!clause || !ts.isNamedExports(clause)) continue;
      for (const element of clause.elements) {
        if (element.isTypeOnly) continue;
        const local = (element.propertyName ?? element.name).text;
        const store = from ? (STORE.test(from) ? from : null) : (imported.get(local) ?? null);
        if (store) report(element.name.text, store);
      }
    }
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        const name = declaration.name.getText(source);
        if (value && ts.isIdentifier(value) && imported.has(value.text)) {
          report(name, imported.get(value.text) as string);
        }
        if (
          value &&
          ts.isPropertyAccessExpression(value) &&
          ts.isIdentifier(value.expression) &&
          namespaces.has(value.expression.text)
        ) {
          report(name, namespaces.get(value.expression.text) as string);
        }
      }
    }
  }
  return found;
}

/** Every store function a module's service.ts hands on. */
export function storeHandOvers(baseDir = ROOT): string[] {
  const modulesDir = join(baseDir, 'src', 'modules');
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const file = `src/modules/${entry.name}/service.ts`;
      let text: string;
      try {
        text = readFileSync(join(baseDir, file), 'utf8');
      } catch {
        return [];
      }
      return storeHandOversOf(file, text);
    });
}

/** The opening comment of a file: its first lines that start with `//`. */
const firstComment = (text: string) => {
  const lines = text.split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines.slice(0, end === -1 ? lines.length : end).join('\n');
};

/**
 * A second service file: a module's file besides service.ts (not a store, not a test) that opens a
 * transaction, so owns a rule and its write. Its first comment says why it stands apart from
 * service.ts, naming it.
 */
export function unexplainedServiceFiles(baseDir = ROOT): string[] {
  const modulesDir = join(baseDir, 'src', 'modules');
  return readdirSync(modulesDir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !/(^|\/|-)store\.ts$|\/service\.ts$|\.test\.ts$/.test(path))
    .filter((path) => {
      const text = readFileSync(path, 'utf8');
      return text.includes('.transaction(') && !firstComment(text).includes('service.ts');
    })
    .map(
      (path) =>
        `second-service-says-why: ${path.slice(baseDir.length + 1)} writes in a transaction of its own; its first comment must say why it stands apart from service.ts`,
    );
}
