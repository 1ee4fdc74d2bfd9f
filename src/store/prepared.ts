import { CompiledQuery } from 'kysely';

/**
 * A statement of the hot path (metering: rate windows, credits, leases) built and compiled by Kysely once; each
 * use only binds its values. Building and compiling a Kysely query costs more CPU than running the statement
 * on SQLite (profiled with `node --cpu-prof` under `npm run bench -- http`). The builder must pass each
 * argument through as a parameter unchanged; any other parameter it makes is kept as a constant.
 */
export function preparedStatement<A extends readonly unknown[]>(build: (...args: A) => { compile(): CompiledQuery }): (...args: A) => CompiledQuery {
  let text: string | undefined;
  let bindings: Array<{ arg: number } | { constant: unknown }> = [];
  return (...args) => {
    if (text === undefined) {
      const markers = args.map((_, i) => `\u0000prepared-argument-${i}\u0000`);
      const compiled = build(...(markers as unknown as A)).compile();
      bindings = compiled.parameters.map((parameter: unknown) => {
        const arg = markers.indexOf(parameter as string);
        return arg >= 0 ? { arg } : { constant: parameter };
      });
      const used = new Set(bindings.flatMap((b) => ('arg' in b ? [b.arg] : [])));
      if (used.size !== markers.length) throw new Error(`preparedStatement: ${compiled.sql} does not bind every argument as a parameter`);
      text = compiled.sql;
    }
    return CompiledQuery.raw(
      text as string,
      bindings.map((b) => ('arg' in b ? args[b.arg] : b.constant)),
    );
  };
}
