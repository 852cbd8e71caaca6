/**
 * The one writer of a Redis ledger's layout (redis-store.ts): the Lua that makes its ScriptWrites
 * (RedisLedger.scriptWrites), alone (LEDGER_WRITES: RedisLedger's setMany and deleteMany) or inside
 * another script: the queue worker records a sent row's ledger entry and its result in one call
 * (sync/queue/batch-state.ts, issue 41).
 */
import { LuaScript } from '../store/rate-gate/lua-script.ts';

/**
 * The ledger, undo and linked hashes are KEYS[k], KEYS[k+1], KEYS[k+2]; ARGV[a] is the count of
 * writes, then four arguments each: field, entry ('' forgets the key), undo steps ('' none), '1'
 * when the key is a linked record's second key.
 */
export function ledgerWritesLua(k: number, a: number): string {
  return `
for i = 0, tonumber(ARGV[${a}]) - 1 do
  local at = ${a + 1} + 4 * i
  local field = ARGV[at]
  if ARGV[at + 1] == '' then
    redis.call('HDEL', KEYS[${k}], field)
    redis.call('HDEL', KEYS[${k + 1}], field)
    redis.call('HDEL', KEYS[${k + 2}], field)
  else
    redis.call('HSET', KEYS[${k}], field, ARGV[at + 1])
    if ARGV[at + 2] == '' then redis.call('HDEL', KEYS[${k + 1}], field)
    else redis.call('HSET', KEYS[${k + 1}], field, ARGV[at + 2]) end
    if ARGV[at + 3] == '1' then redis.call('HSET', KEYS[${k + 2}], field, '1') end
  end
end
`;
}

/** The writes alone. KEYS: the three hashes; ARGV: as ledgerWritesLua(1, 1). */
export const LEDGER_WRITES = new LuaScript(ledgerWritesLua(1, 1));
