import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * A screen's component reads in one sitting: at most 200 lines, split along what it shows (a
 * section, a dialog, a panel) beyond that. Components are the PascalCase functions of web/src's
 * .tsx files, declared or assigned to a const (memo and forwardRef wrappers included).
 */
const root = resolve(__dirname, '../../..');
const webSrc = join(root, 'web/src');
const maxLines = 200;

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsxFiles(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

/** Every component of a file with its length in lines, as 'file:Name (n lines)'. */
function componentSizes(path: string): { name: string; lines: number }[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const sizes: { name: string; lines: number }[] = [];
  const measure = (name: string, node: ts.Node) => {
    if (/^[A-Z]/.test(name)) sizes.push({ name, lines: lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name) measure(node.name.text, node);
    else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) measure(node.name.text, node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

describe('web components', () => {
  it(`no component of web/src is over ${maxLines} lines`, () => {
    const offenders = tsxFiles(webSrc).flatMap((path) =>
      componentSizes(path)
        .filter((component) => component.lines > maxLines)
        .map((component) => `${relative(root, path)}: ${component.name} (${component.lines} lines)`),
    );
    expect(offenders).toEqual([]);
  });

  it('the measure finds a component written as a function or as a const', () => {
    const file = join(webSrc, 'pages/plannings/free-planning-page.tsx');
    expect(componentSizes(file).map((component) => component.name)).toContain('FreePlanningPage');
  });
});
