/**
 * Staff roles (issue 35): the owner invites by phone number in a role, promotes a customer,
 * changes and removes roles; the last owner stays; the role travels in /api/me/, sign-in and the
 * audit log; ADMIN_PHONE is always an owner. The route × role matrix is in
 * server/test/fuzz/authorization-matrix.test.ts. On SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { testPhone } from '../test/app';
import { testDialect } from '../test/database';
import { PASSWORD, accountsSuite } from '../test/accounts';

describe(`staff roles (${testDialect})`, () => {
  const { t, post, get, register } = accountsSuite();
  const put = (url: string, payload: object, headers: Record<string, string>) => t.app.inject({ method: 'PUT', url, payload, headers });
  const smsTo = (phone: string) => t.services.database.db.selectFrom('sms_outbox').selectAll().where('to_phone', '=', phone).execute();

  it('the owner invites a new number as a packer: an account with no usable password and one SMS saying how to set it', async () => {
    const owner = await t.signIn({ admin: true });
    const phone = testPhone();
    const res = await post('/makeAdmin/', { phone_number: phone, name: 'প্যাকার', role: 'packer' }, { headers: owner.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ phone_number: phone, role: 'packer', is_admin: true });
    const sms = await smsTo(phone);
    expect(sms.map((m) => m.kind)).toEqual(['staff_invite']);
    expect(sms[0]!.text).toContain('/forget-password');
    // No password was sent, so none works.
    expect((await post('/login/', { phone_number: phone, password: PASSWORD })).statusCode).toBe(401);
  });

  it('makeAdmin without a role makes an owner, as before roles; an existing customer is promoted and keeps their password', async () => {
    const owner = await t.signIn({ admin: true });
    const phone = testPhone();
    expect((await post('/makeAdmin/', { phone_number: phone, password: PASSWORD }, { headers: owner.headers })).json().user.role).toBe('owner');
    const customer = await register();
    const promoted = await post('/makeAdmin/', { phone_number: customer.phone, password: 'ignored password', role: 'accountant' }, { headers: owner.headers });
    expect(promoted.json().user).toMatchObject({ role: 'accountant', is_admin: true });
    const login = await post('/login/', { phone_number: customer.phone, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ role: 'accountant', is_admin: true });
    expect((await get('/api/me/', { authorization: `Bearer ${login.json().token.access}` })).json().role).toBe('accountant');
  });

  it('PUT /api/user/{id}/ changes a role at once (the next request), removing makes a customer, and only the owner may call it', async () => {
    const owner = await t.signIn({ admin: true });
    const staff = await t.signIn({ role: 'support' });
    const manager = await t.signIn({ role: 'manager' });
    expect((await put(`/api/user/${staff.userId}/`, { role: 'manager' }, manager.headers)).statusCode).toBe(403);
    expect((await get('/api/dashboard/', staff.headers)).statusCode).toBe(200);
    const changed = await put(`/api/user/${staff.userId}/`, { role: 'packer' }, owner.headers);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user.role).toBe('packer');
    expect((await get('/api/restock/', staff.headers)).statusCode).toBe(403);
    const removed = await put(`/api/user/${staff.userId}/`, { role: 'customer' }, owner.headers);
    expect(removed.json().user).toMatchObject({ role: 'customer', is_admin: false });
    expect((await get('/api/dashboard/', staff.headers)).statusCode).toBe(403);
    expect((await put(`/api/user/${staff.userId}/`, { role: 'boss' }, owner.headers)).statusCode).toBe(400);
    expect((await put('/api/user/999999/', { role: 'packer' }, owner.headers)).statusCode).toBe(404);
  });

  it('only support, managers and owners list users; other staff may look up only themselves, as customers do', async () => {
    const packer = await t.signIn({ role: 'packer' });
    const support = await t.signIn({ role: 'support' });
    expect((await get('/api/user/', packer.headers)).statusCode).toBe(403);
    expect((await get(`/api/user/?phone_number=${packer.phone}`, packer.headers)).json().count).toBe(1);
    expect((await get('/api/user/', support.headers)).json().count).toBeGreaterThan(1);
  });

  it("the last owner's role can't change (409), even when two owners demote each other at once", async () => {
    const db = t.services.database.db;
    // Only the owners this test makes: every other owner becomes a manager first.
    await db.updateTable('users').set({ role: 'manager' }).where('role', '=', 'owner').execute();
    const a = await t.signIn({ admin: true });
    const b = await t.signIn({ admin: true });
    const [one, two] = await Promise.all([put(`/api/user/${b.userId}/`, { role: 'manager' }, a.headers), put(`/api/user/${a.userId}/`, { role: 'manager' }, b.headers)]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const owners = await db.selectFrom('users').select('id').where('role', '=', 'owner').execute();
    expect(owners).toHaveLength(1);
    const last = owners[0]!.id;
    const self = await put(`/api/user/${last}/`, { role: 'customer' }, last === a.userId ? a.headers : b.headers);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toContain('at least one owner');
  });

  it('ADMIN_PHONE / create-admin makes its user an owner, whatever role it had', async () => {
    const staff = await t.signIn({ role: 'packer' });
    const { user } = await t.services.users.ensureAdmin(staff.phone, 'a long enough password');
    expect(user.role).toBe('owner');
    expect(user.is_admin).toBe(1);
  });

  it("audit rows name the role the user acted in", async () => {
    const manager = await t.signIn({ role: 'manager' });
    const owner = await t.signIn({ admin: true });
    const made = await post('/api/category/', { name: `Roles shelf ${Date.now()}` }, { headers: manager.headers });
    expect(made.statusCode, made.body).toBeLessThan(300);
    await t.services.audit.idle();
    const rows = (await get(`/api/audit/?user=${manager.userId}`, owner.headers)).json().results;
    expect(rows[0]).toMatchObject({ action: 'POST /api/category/', role: 'manager', user: manager.userId });
  });
});
