/** A prepared statement's name for a text and its parameters; undefined: sent unnamed. */
export type StatementNamer = (sql: string, params: readonly unknown[]) => string | undefined;

/**
 * Names for the statements a process sends PostgreSQL with parameters, so that each connection parses and plans a
 * statement once and then only binds and runs it (ADR 0087): parsing and planning were about half of PostgreSQL's
 * CPU per booking. A statement's name is fixed for the life of the process, so every connection of the pool agrees
 * on it. Texts beyond `limit` stay unnamed, so SQL built with a varying number of placeholders cannot make a
 * connection keep an unbounded number of plans.
 */
export function statementNamer(limit: number): StatementNamer {
  const names = new Map<string, string>();
  return (sql, params) => {
    // Without parameters pg uses the simple protocol, which also runs several statements in one text: a name would
    // turn it into a prepared statement, which cannot hold more than one.
    if (params.length === 0) return undefined;
    let name = names.get(sql);
    if (name === undefined && names.size < limit) {
      name = `chairtime_${names.size}`;
      names.set(sql, name);
    }
    return name;
  };
}
