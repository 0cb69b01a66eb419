// No loop between web feature folders (docs/architecture.md "Gates"), run by `npm run check:imports`.
// dependency-cruiser's own `no-circular` sees module cycles only: customers/pages/a.tsx -> payments/index.ts ->
// payments/b.tsx -> whatsapp/index.ts -> whatsapp/c.tsx -> customers/index.ts is no module cycle as long as
// customers/index.ts does not lead back to a.tsx, yet the three folders need each other. This script collapses
// every module under apps/web/src/features/<name>/ into one node `<name>` (every other module stays itself) and
// fails on any loop in that graph. Like the `no-circular` rule, type-only imports are left out (they are
// erased at build time); so are tests, fixtures and testing helpers (they may reach another feature's fixtures).
import { cruise } from 'dependency-cruiser';
import config from '../.dependency-cruiser.mjs';

const FEATURE = /^apps\/web\/src\/features\/([^/]+)\//;
const TEST_ONLY = /[.]test[.]tsx?$|\/testing\/|-fixtures[.]ts$/;

/** `features/<name>` for a feature's module, the module's own path otherwise. */
const nodeOf = (source) => {
  const m = FEATURE.exec(source);
  return m ? `features/${m[1]}` : source;
};

/**
 * The collapsed runtime graph of depcruise's modules: node -> (node -> one module edge that makes it).
 * @param {import('dependency-cruiser').IModule[]} modules
 */
function collapsedGraph(modules) {
  /** @type {Map<string, Map<string, string>>} */
  const graph = new Map();
  for (const m of modules) {
    if (TEST_ONLY.test(m.source) || !m.source.startsWith('apps/web/src/')) continue;
    const from = nodeOf(m.source);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const d of m.dependencies) {
      if (d.dependencyTypes.includes('type-only') || !d.resolved.startsWith('apps/web/src/')) continue;
      const to = nodeOf(d.resolved);
      if (to === from || graph.get(from).has(to)) continue;
      graph.get(from).set(to, `${m.source} -> ${d.resolved}`);
    }
  }
  return graph;
}

/** Strongly connected components with more than one node (Tarjan), i.e. every loop of the graph. */
function loops(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

/** One shortest loop through `start` inside its component, as the module imports that make each step. */
function exampleLoop(graph, scc, start) {
  const inScc = new Set(scc);
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!inScc.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (prev.get(path[0])) path.unshift(prev.get(path[0]));
        return [...path, start].slice(1).map((to, i) => graph.get(path[i]).get(to));
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [];
}

const result = await cruise(['apps/web/src'], {
  ...config.options,
  validate: false,
  ruleSet: {},
});
const graph = collapsedGraph(/** @type {any} */ (result.output).modules);
const found = loops(graph).filter((scc) => scc.some((n) => n.startsWith('features/')));
if (found.length > 0) {
  console.error(`\n  error no-feature-cycle: ${found.length} loop(s) between web feature folders\n`);
  for (const scc of found) {
    const start = scc.find((n) => n.startsWith('features/'));
    console.error(`    ${scc.sort().join(', ')}; for example:`);
    for (const step of exampleLoop(graph, scc, start)) console.error(`      ${step}`);
    console.error('');
  }
  console.error(
    '  A feature may use another only if that one does not need it back: move what both need down to lib/ or ' +
      'components/ui (docs/architecture.md "Gates").\n',
  );
  process.exit(1);
}
console.log('✔ no loop between web feature folders');
