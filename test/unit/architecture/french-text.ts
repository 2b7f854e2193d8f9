import ts from 'typescript';

/**
 * Finds the user-facing French text of a source file: string literals, the static parts of
 * template literals, JSX text and JSX attribute strings that read as French. What a user never
 * reads is left out: comments (the scanner drops them), module specifiers, the arguments of log
 * calls (logger.*, console.*: for the operator, not the user), test names and literal types (a
 * type names the values a function returns; the values themselves are counted where written).
 * French that is a value rather than a message (a status stored in the table and compared in code,
 * the spec's state names an API filters on) is left out where a declaration says so in its leading
 * comment: `values, not messages` and why.
 */

/** One piece of French text, at its 1-based line. */
export interface FrenchText {
  line: number;
  text: string;
}

const diacritic = /[àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊÎÔÙÛŒ]/;
/** Words a French sentence rarely goes without and code rarely holds (an English 'on' or 'a' does not count). */
const functionWords = new Set(
  'le la les des du un une est sont pas vous votre vos nous notre pour avec dans sur aux au cette ces ne aucun aucune veuillez leur leurs sera été'.split(' '),
);

/** Text that reads as French: a French diacritic, or two words or more of which one is a French function word. */
export function looksFrench(text: string): boolean {
  if (diacritic.test(text)) return true;
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.length >= 2 && words.some((word) => functionWords.has(word));
}

const logObjects = new Set(['logger', 'console']);
const testCalls = new Set(['describe', 'it', 'test']);

/** The name of a call's callee, `logger` for `logger.warn(…)`, `it` for `it.each(…)(…)` or any modifier of `it`. */
function calleeRoot(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) return calleeRoot(expression.expression);
  if (ts.isCallExpression(expression)) return calleeRoot(expression.expression);
  return undefined;
}

const valuesMarker = /values, not messages/i;

/** Whether a declaration or statement around the node says, in its leading comment, that its French is values. */
function isDeclaredValues(node: ts.Node, source: string): boolean {
  for (let ancestor: ts.Node | undefined = node; ancestor && !ts.isSourceFile(ancestor); ancestor = ancestor.parent) {
    const comments = ts.getLeadingCommentRanges(source, ancestor.getFullStart()) ?? [];
    if (comments.some((range) => valuesMarker.test(source.slice(range.pos, range.end)))) return true;
  }
  return false;
}

/** Whether a literal is a module specifier, a log call's argument, a test's name, or declared a value. */
function isExcepted(node: ts.Node): boolean {
  const parent = node.parent;
  if (isDeclaredValues(node, node.getSourceFile().text)) return true;
  if ((ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node) return true;
  if (ts.isExternalModuleReference(parent) || ts.isLiteralTypeNode(parent)) return true;
  for (let child: ts.Node = node, ancestor = node.parent; ancestor && !ts.isSourceFile(ancestor); child = ancestor, ancestor = ancestor.parent) {
    if (!ts.isCallExpression(ancestor) || !ancestor.arguments.includes(child as ts.Expression)) continue;
    const callee = ancestor.expression;
    if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
    if (ts.isIdentifier(callee) && callee.text === 'require') return true;
    const root = calleeRoot(callee);
    if (root && ts.isPropertyAccessExpression(callee) && logObjects.has(root)) return true;
    if (root && testCalls.has(root) && ancestor.arguments[0] === child) return true;
  }
  return false;
}

/** The French texts of one source, in order. */
export function frenchTextsOf(fileName: string, source: string): FrenchText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: FrenchText[] = [];
  const add = (node: ts.Node, text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (looksFrench(trimmed)) found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isExcepted(node)) add(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      if (!isExcepted(node)) {
        add(node.head, node.head.text);
        for (const span of node.templateSpans) add(span.literal, span.literal.text);
      }
    } else if (ts.isJsxText(node)) add(node, node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
