/** Dexie middleware that fails a chosen write with the browser's QuotaExceededError. */
import type { DBCore, Middleware } from 'dexie';

export function quotaFailure(options: {
  table: string;
  afterWrites?: number;
}): Middleware<DBCore> & {
  armed: boolean;
} {
  let writes = 0;
  const middleware = {
    armed: true,
    stack: 'dbcore' as const,
    name: 'quota-failure',
    create(down: DBCore): DBCore {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            mutate(req) {
              if (
                middleware.armed &&
                name === options.table &&
                writes++ >= (options.afterWrites ?? 0)
              ) {
                return Promise.reject(
                  new DOMException('The quota has been exceeded.', 'QuotaExceededError'),
                );
              }
              return table.mutate(req);
            },
          };
        },
      };
    },
  };
  return middleware;
}
