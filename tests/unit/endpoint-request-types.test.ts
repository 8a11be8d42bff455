import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AuthUser } from '../../src/server/http/auth';
import type { EndpointRequest } from '../../src/server/http/endpoint-route';
import { endpoints } from '../../src/contract';

/**
 * A handler of a user call sees its user as there (requireUser ran before it); a handler of a public or
 * visitor call sees it as maybe absent. Checked by the type checker (`npm run typecheck` covers tests):
 * the @ts-expect-error lines fail the check if the typing loosens.
 */
describe('EndpointRequest user typing', () => {
  it('follows the endpoint table: user calls have a user, the others may not', () => {
    expectTypeOf<EndpointRequest<'info'>['user']>().toEqualTypeOf<AuthUser>();
    expectTypeOf<EndpointRequest<'register'>['user']>().toEqualTypeOf<AuthUser | null>();
    expectTypeOf<EndpointRequest<'userFromMark'>['user']>().toEqualTypeOf<AuthUser | null>();
    const userCall = (r: EndpointRequest<'info'>) => r.user.id;
    // @ts-expect-error a public call's handler must check for the user first
    const publicCall = (r: EndpointRequest<'register'>) => r.user.id;
    expect(typeof userCall).toBe('function');
    expect(typeof publicCall).toBe('function');
    expect(endpoints.info.auth).toBe('user');
    expect(endpoints.register.auth).toBe('public');
  });
});
