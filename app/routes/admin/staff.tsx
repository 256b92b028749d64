/**
 * The team (owner only): who works in the back office and in which role. Invite by phone number
 * (POST /makeAdmin/ with a role: an existing customer is promoted, a new number gets an account
 * and an SMS to set its password), change a role or remove someone (PUT /api/user/{id}/; removing
 * makes them a customer again). The server refuses to change the last owner's role.
 */
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Route } from './+types/staff';
import { listParams, requireAdminPage } from './guard.server';
import { makeAdminSchema } from '../../../domain/accounts';
import { ROLE_LABELS, STAFF_ROLES, type Role } from '../../../domain/roles';
import { Field, SelectField } from '../../components/form/field';
import { useApiForm } from '../../components/form/use-api-form';
import { checkWith, formText } from '../../components/form/values';
import { failureText, sendApi } from '../../components/form/api';
import { notify } from '../../components/notices';
import { useT } from '../../lib/i18n';
import { Button, FormFoot } from '../../components/admin/buttons';
import { useConfirm } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { PagedTable } from '../../components/admin/table';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = requireAdminPage(context, request);
  const { page } = listParams(request);
  const list = await context.services.accounts.listUsers({ is_admin: true }, page);
  return { page: page.page, me: me.id, ...list };
}

export function meta() {
  return [{ title: 'Staff · Back office' }];
}

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: `${ROLE_LABELS[r].en} · ${ROLE_LABELS[r].bn}` }));

/** What each role opens, in one line each (the run contract's table, for the owner choosing). */
const ROLE_HINTS: Record<(typeof STAFF_ROLES)[number], string> = {
  owner: 'Everything, including settings, staff, the audit log and backups.',
  manager: 'Catalogue, promotions, stock, reports and every order task.',
  support: 'Orders by phone, confirming, editing, returns, reviews, SMS log.',
  packer: 'Reading orders, booking parcels, labels and packing, receiving returns.',
  accountant: 'Payments, refunds, courier payouts, reports and the orders export.',
};

function payload(form: HTMLFormElement) {
  const name = formText(form, 'name');
  const password = new FormData(form).get('password')?.toString() ?? '';
  return { phone_number: formText(form, 'phone_number'), role: formText(form, 'role'), ...(name ? { name } : {}), ...(password ? { password } : {}) };
}

type Member = Route.ComponentProps['loaderData']['results'][number];

function MemberRow({ member: u, isMe }: { member: Member; isMe: boolean }) {
  const t = useT();
  const { revalidate } = useRevalidator();
  const { confirm, dialog } = useConfirm('Yes, remove');
  const [role, setRole] = useState<Role>(u.role);
  const [busy, setBusy] = useState(false);
  async function save(next: Role, done: string) {
    setBusy(true);
    const res = await sendApi('PUT', `/api/user/${u.id}/`, { role: next });
    setBusy(false);
    if (!res.ok) {
      notify(failureText(res, t), 'error', 6000);
      setRole(u.role);
      return;
    }
    notify(done);
    await revalidate();
  }
  return (
    <tr data-testid={`staff-${u.phone_number}`}>
      <td>{u.name}</td>
      <td className="font-mono">{u.phone_number}</td>
      <td>
        <label className="sr-only" htmlFor={`role-${u.id}`}>
          Role of {u.name}
        </label>
        <select id={`role-${u.id}`} value={role} onChange={(e) => setRole(e.target.value as Role)} className="rounded border px-2 py-1" disabled={busy}>
          {ROLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </td>
      <td className="flex gap-2">
        <Button size="sm" disabled={busy || role === u.role} onClick={() => save(role, 'Role changed.')}>
          Save role
        </Button>
        <Button
          size="sm"
          kind="danger"
          disabled={busy}
          onClick={async () => {
            if (await confirm(isMe ? 'Remove yourself from the team? You will lose the back office.' : `Remove ${u.name} from the team? They keep their account as a customer.`)) await save('customer', 'Removed from the team.');
          }}
        >
          Remove
        </Button>
        {dialog}
      </td>
    </tr>
  );
}

export default function Staff({ loaderData }: Route.ComponentProps) {
  const form = useApiForm({
    method: 'POST',
    url: '/makeAdmin/',
    payload,
    validate: (body) => checkWith(makeAdminSchema, body),
    success: 'Added to the team.',
    then: 'reload',
  });
  return (
    <>
      <PageTitle>Staff</PageTitle>
      <Panel title="Invite by phone number">
        <form {...form.props} className="grid max-w-md gap-3" data-testid="staff-invite">
          <Field label="Phone number" name="phone_number" type="tel" placeholder="01XXXXXXXXX" errors={form.errors} required autoComplete="off" />
          <Field label="Name" name="name" errors={form.errors} autoComplete="off" hint="For a new number; an existing customer keeps their name." />
          <SelectField label="Role" name="role" options={ROLE_OPTIONS} empty={null} defaultValue="packer" errors={form.errors} required />
          <Field label="Password (optional)" name="password" type="password" errors={form.errors} autoComplete="new-password" hint="Leave empty: a new number gets an SMS to set its own password." />
          <FormFoot errors={form.errors} busy={form.busy}>
            Add to the team
          </FormFoot>
        </form>
        <dl className="mt-4 grid gap-1 text-sm">
          {STAFF_ROLES.map((r) => (
            <div key={r}>
              <dt className="inline font-semibold">{ROLE_LABELS[r].en}: </dt>
              <dd className="inline">{ROLE_HINTS[r]}</dd>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title="The team">
        <PagedTable head={['Name', 'Phone', 'Role', 'Actions']} testId="staff-list" list={loaderData} row={(u) => <MemberRow key={u.id} member={u} isMe={u.id === loaderData.me} />} />
      </Panel>
    </>
  );
}
