/** One node of `EXPLAIN (FORMAT JSON)`, with the fields the plan assertions read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  /** With ANALYZE: rows the node returned per loop, and how many loops ran (0: never executed). */
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

/** Every node of the plan in the rows `EXPLAIN (FORMAT JSON) ...` answered, depth first. */
export function planNodes(explained: { 'QUERY PLAN': [{ Plan: PlanNode }] }[]): PlanNode[] {
  const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];
  return walk(explained[0]['QUERY PLAN'][0].Plan);
}

/** With ANALYZE: the rows a node read in all its loops, those it returned and those its filter dropped. */
export const rowsRead = (node: PlanNode): number =>
  ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 0);
