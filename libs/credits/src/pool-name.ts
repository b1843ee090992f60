import { type PoolState } from './credit.repository.js';

/** How a pool is named in messages: "the Atlas team's pool", "Acme's account". */
export function poolName(state: Pick<PoolState, 'kind' | 'name'>): string {
  if (state.kind === 'team')
    return /\bteam$/i.test(state.name) ? `the ${state.name}'s pool` : `the ${state.name} team's pool`;
  return /\baccount$/i.test(state.name) ? state.name : `${state.name}'s account`;
}
