/** One node of `EXPLAIN (FORMAT JSON)`, with the fields the plan assertions read. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Every node of the plan in the rows `EXPLAIN (FORMAT JSON) ...` answered, depth first. */
export function planNodes(explained: { 'QUERY PLAN': [{ Plan: PlanNode }] }[]): PlanNode[] {
  const walk = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(walk)];
  return walk(explained[0]['QUERY PLAN'][0].Plan);
}
