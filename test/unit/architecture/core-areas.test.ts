import { importsOf, sourceFiles } from './source-files';

/**
 * The areas of functions/core read top-down (docs/architecture.md « Core areas, top-down »): an
 * area may import the areas below it, never one above. Two areas importing each other, or a
 * longer loop of areas, leave a reader unable to tell which stands on which, nor what a change
 * in one may break. Every import counts, type-only ones included: a type is a dependency too.
 */
const coreFiles = sourceFiles('functions/core');

/** The area of a core file (its folder under functions/core), or null for the shared root files (caller, errors). */
function areaOf(file: string): string | null {
  return /^functions\/core\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** Every import of one area by another, as `from → to`, with the files that make it. */
function areaEdges(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const file of coreFiles) {
    const from = areaOf(file);
    if (!from) continue;
    for (const imported of importsOf(file)) {
      const to = areaOf(imported);
      if (!to || to === from) continue;
      const targets = edges.get(from) ?? new Map<string, string[]>();
      targets.set(to, [...(targets.get(to) ?? []), `${file} → ${imported}`]);
      edges.set(from, targets);
    }
  }
  return edges;
}

/** The strongly connected groups of areas of more than one area (Tarjan): each holds a loop of imports. */
function areaLoops(edges: Map<string, Map<string, string[]>>): string[][] {
  const areas = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((targets) => [...targets.keys()])])].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (area: string) => {
    index.set(area, index.size);
    low.set(area, index.get(area)!);
    stack.push(area);
    onStack.add(area);
    for (const next of edges.get(area)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(area, Math.min(low.get(area)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(area, Math.min(low.get(area)!, index.get(next)!));
    }
    if (low.get(area) !== index.get(area)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== area);
    if (group.length > 1) loops.push(group.sort());
  };
  for (const area of areas) if (!index.has(area)) visit(area);
  return loops;
}

describe('the areas of functions/core read top-down', () => {
  const edges = areaEdges();

  it('the check sees the areas and their imports (a moved folder would make it pass vacuously)', () => {
    expect(coreFiles.length).toBeGreaterThan(100);
    expect([...edges.keys()]).toEqual(expect.arrayContaining(['planning-actions', 'booking', 'messaging', 'waves']));
    expect(edges.get('planning-actions')?.has('plannings')).toBe(true);
  });

  it('no two areas import each other (each pair named with the files that make it)', () => {
    const pairs: string[] = [];
    for (const [from, targets] of edges)
      for (const [to, files] of targets) {
        const back = edges.get(to)?.get(from);
        if (back && from < to) pairs.push([`${from} ↔ ${to}`, ...files.map((line) => `  ${line}`), ...back.map((line) => `  ${line}`)].join('\n'));
      }
    expect(pairs).toEqual([]);
  });

  it('no longer loop of areas either (a → b → c → a)', () => {
    const loops = areaLoops(edges).map((group) =>
      [
        group.join(', '),
        ...group.flatMap((from) => [...(edges.get(from) ?? [])].filter(([to]) => group.includes(to)).flatMap(([, files]) => files.map((line) => `  ${line}`))),
      ].join('\n'),
    );
    expect(loops).toEqual([]);
  });
});
