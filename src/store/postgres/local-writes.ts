/**
 * Counts this instance's own writes as they complete, so its data version moves at once (as SQLite's
 * does for its own connection) rather than at the next reading of the shared counter. Counted after the
 * statement ran, never before: a version that moved before the write landed would let a response of the
 * old rows be cached under the new version.
 */
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

export class CountWrites implements KyselyPlugin {
  private readonly writing = new WeakSet<object>();

  constructor(private readonly onWrite: () => void) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (WRITES.has(args.node.kind)) this.writing.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.writing.has(args.queryId)) this.onWrite();
    return args.result;
  }
}
