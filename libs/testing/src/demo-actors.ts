import { type Actor } from '#folio/identity';
import { newUser, type Services } from './factories.js';
import { actorNow, demoUserId } from './people.js';

export interface DemoActors {
  owner: Actor;
  viewer: Actor;
  /** The owner of an account of their own, with no role in the demo accounts. */
  stranger: Actor;
}

/**
 * The seeded demo owner and viewer as the access policy sees them, and a stranger who signed up for the test
 * (`app`: a module or app with IdentityModule, on the demo's database).
 */
export async function demoActors(app: Services): Promise<DemoActors> {
  const demoActor = async (who: 'owner' | 'viewer') =>
    (await actorNow(app, { id: await demoUserId(app, who) })).actor;
  return {
    owner: await demoActor('owner'),
    viewer: await demoActor('viewer'),
    stranger: (await newUser(app, { name: 'Oscar Outsider' })).actor,
  };
}
