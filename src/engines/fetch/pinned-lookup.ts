import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from '../dns/resolver.ts';

/** Hands the connection exactly the addresses that were checked, whatever name it asks for. */
export function pinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return ((_hostname: string, opts: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    const family = opts.family === 6 || opts.family === 'IPv6' ? 6 : opts.family === 4 || opts.family === 'IPv4' ? 4 : 0;
    const usable = addresses.filter((a) => family === 0 || a.family === family);
    if (usable.length === 0) {
      callback(Object.assign(new Error('no checked address of the requested family'), { code: 'ENOTFOUND' }));
      return;
    }
    if (opts.all)
      callback(
        null,
        usable.map((a) => ({ address: a.address, family: a.family })),
      );
    else callback(null, usable[0]!.address, usable[0]!.family);
  }) as LookupFunction;
}
