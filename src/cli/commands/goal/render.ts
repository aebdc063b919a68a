/** How goals look: rows, a full view, and the tree with progress bars and coloured confidence. */
import type { Goal, GoalUpdate } from '../../../core/types.js';
import type { Column, Output } from '../../output.js';

export function confidenceLabel(out: Output, goal: { confidence_description: string }): string {
  const text = goal.confidence_description;
  if (text === 'On track') return out.style.green(text);
  if (text === 'At risk') return out.style.yellow(text);
  return out.style.red(text);
}

/** A bar of `width` cells filled in proportion to progress (0..100). */
export function progressBar(progress: number, width = 12): string {
  const filled = Math.round((Math.max(0, Math.min(100, progress)) / 100) * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
}

export function goalColumns(out: Output): Column<Goal>[] {
  return [
    { header: 'ID', cell: (g) => g.id, plainOnly: true },
    {
      header: 'TITLE',
      cell: (g) => (g.archived ? `${g.title} ${out.style.dim('(archived)')}` : g.title),
      plain: (g) => g.title,
    },
    { header: 'OWNER', cell: (g) => g.owner.name },
    {
      header: 'PROGRESS',
      cell: (g) => `${String(g.progress).padStart(3)}%`,
      plain: (g) => String(g.progress),
    },
    { header: 'CONFIDENCE', cell: (g) => confidenceLabel(out, g), plain: (g) => g.confidence_description },
    { header: 'END', cell: (g) => g.end_date ?? '' },
    { header: 'PRIVATE', cell: (g) => (g.private ? 'private' : ''), plain: (g) => String(g.private) },
  ];
}

export function updateColumns(out: Output): Column<GoalUpdate>[] {
  return [
    { header: 'ID', cell: (u) => u.id, plainOnly: true },
    { header: 'DATE', cell: (u) => out.time(u.created_at), plain: (u) => u.created_at },
    { header: 'BY', cell: (u) => u.person.name },
    {
      header: 'PROGRESS',
      cell: (u) => `${String(u.progress).padStart(3)}%`,
      plain: (u) => String(u.progress),
    },
    { header: 'CONFIDENCE', cell: (u) => confidenceLabel(out, u), plain: (u) => u.confidence_description },
    { header: 'TITLE', cell: (u) => u.title ?? (u.body ?? '').split('\n', 1)[0] ?? '' },
  ];
}

/** " (children 65%)" after a parent's own progress; nothing for a goal without children. */
export const childrenNote = (progress: number | undefined): string =>
  progress === undefined ? '' : ` (children ${progress}%)`;

/**
 * One goal in full with its latest updates; the description and update bodies are Markdown. A parent
 * shows its children's roll-up (childrenProgress) next to its own progress.
 */
export async function renderGoal(
  out: Output,
  goal: Goal,
  updates: GoalUpdate[],
  children?: number,
): Promise<void> {
  const { style } = out;
  const flags = [goal.private ? 'private' : undefined, goal.archived ? 'archived' : undefined].filter(
    Boolean,
  );
  out.line(`${style.bold(goal.title)}${flags.length ? style.dim(` (${flags.join(', ')})`) : ''}`);
  out.line(
    `${progressBar(goal.progress)} ${goal.progress}%${childrenNote(children)}  ${confidenceLabel(out, goal)}`,
  );
  out.line(`Owner: ${goal.owner.name}`);
  if (goal.contributors.length) out.line(`Contributors: ${goal.contributors.map((p) => p.name).join(', ')}`);
  if (goal.teams.length) out.line(`Teams: ${goal.teams.map((t) => t.name).join(', ')}`);
  if (goal.parent) out.line(`Parent: ${goal.parent.title}`);
  const dates = [
    goal.start_date && `from ${goal.start_date}`,
    goal.end_date && `until ${goal.end_date}`,
  ].filter(Boolean);
  if (dates.length || goal.update_cadence)
    out.line(`Timing: ${[...dates, goal.update_cadence].filter(Boolean).join(', ')}`);
  if (goal.description) {
    out.line();
    out.line(await out.markdownText(goal.description));
  }
  if (updates.length) {
    out.line();
    out.line(style.bold('Latest updates'));
    for (const update of updates) {
      const head = `${update.created_at.slice(0, 10)} ${update.person.name}: ${update.progress}%, ${update.confidence_description}`;
      out.line(`${head}${update.title ? ` — ${update.title}` : ''}`);
      if (update.body?.trim()) out.line(await out.markdownText(update.body, 2));
    }
  }
  out.line();
  out.reference(goal.id, 'pulse goal view');
}

interface TreeNode {
  goal: Goal;
  children: TreeNode[];
}

/** Roots are goals without a parent, or whose parent is not among the goals shown. */
export function buildTree(goals: Goal[]): TreeNode[] {
  const nodes = new Map(goals.map((goal) => [goal.id, { goal, children: [] as TreeNode[] }]));
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.goal.parent ? nodes.get(node.goal.parent.id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: TreeNode[]) => {
    list.sort((a, b) => a.goal.title.localeCompare(b.goal.title));
    for (const node of list) sort(node.children);
  };
  sort(roots);
  return roots;
}

/**
 * The tree on a terminal: branches, a progress bar, a parent's children's roll-up, and the confidence in
 * colour for every goal.
 */
export function renderTree(out: Output, roots: TreeNode[], children: ReadonlyMap<string, number>): void {
  const rows: { prefix: string; goal: Goal }[] = [];
  const walk = (nodes: TreeNode[], indent: string, top: boolean) => {
    nodes.forEach((node, index) => {
      const last = index === nodes.length - 1;
      rows.push({ prefix: top ? '' : `${indent}${last ? '└─ ' : '├─ '}`, goal: node.goal });
      walk(node.children, top ? '' : `${indent}${last ? '   ' : '│  '}`, false);
    });
  };
  walk(roots, '', true);
  const width = Math.min(60, Math.max(10, ...rows.map((row) => row.prefix.length + row.goal.title.length)));
  const notes = new Map(rows.map(({ goal }) => [goal.id, childrenNote(children.get(goal.id))]));
  const noteWidth = Math.max(0, ...[...notes.values()].map((note) => note.length));
  for (const { prefix, goal } of rows) {
    const label = `${prefix}${goal.title}`;
    const shown = label.length > width ? `${label.slice(0, width - 1)}…` : label.padEnd(width);
    const progress = `${String(goal.progress).padStart(3)}%${(notes.get(goal.id) ?? '').padEnd(noteWidth)}`;
    out.line(`${shown}  ${progressBar(goal.progress)} ${progress}  ${confidenceLabel(out, goal)}`);
  }
}

/**
 * The tree when piped: one row per goal, depth first, with its depth, parent id and (last, empty for a
 * goal without children) its children's roll-up.
 */
export function plainTreeRows(roots: TreeNode[], children: ReadonlyMap<string, number>): string[][] {
  const rows: string[][] = [];
  const walk = (nodes: TreeNode[], depth: number) => {
    for (const node of nodes) {
      const { goal } = node;
      rows.push([
        goal.id,
        String(depth),
        goal.title,
        String(goal.progress),
        goal.confidence_description,
        goal.parent?.id ?? '',
        String(children.get(goal.id) ?? ''),
      ]);
      walk(node.children, depth + 1);
    }
  };
  walk(roots, 0);
  return rows;
}
