/** Logos and banners (spec §2): an add form with preview and a list with delete. One module, two routes. */
import type { Route } from './+types/images';
import { requireAdminPage } from './guard.server';
import { DeleteButton, Empty, FormError, ImageInput, PageTitle, Panel, Table, TextField, Button, multipart, useApiForm } from '../../components/admin/ui';
import { checkWith, formValues } from '../../components/admin/api';
import { bannerFormSchema, logoFormSchema } from '../../../domain/catalog-forms';
export { ErrorBoundary } from '../../components/admin/error-page';

type Kind = 'logo' | 'banner';
const kindOf = (request: Request): Kind => (new URL(request.url).pathname.startsWith('/admin-banner') ? 'banner' : 'logo');

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const kind = kindOf(request);
  const svc = context.services.catalog;
  const items = kind === 'banner' ? await svc.listBanners() : (await svc.listLogos()).map((l) => ({ ...l, url: '' }));
  return { kind, items };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.kind === 'banner' ? 'Banners' : 'Logos'} · Back office` }];
}

export default function Images({ loaderData }: Route.ComponentProps) {
  const { kind, items } = loaderData;
  const Label = kind === 'banner' ? 'Banner' : 'Logo';
  const form = useApiForm({
    method: 'POST',
    url: `/create-${kind}/`,
    validate: (f) => checkWith(kind === 'banner' ? bannerFormSchema : logoFormSchema, formValues(multipart(f))),
    payload: (f) => multipart(f),
    success: `${Label} added Successfully!`,
    then: 'reload',
  });
  return (
    <>
      <PageTitle>{kind === 'banner' ? 'Banners' : 'Logos'}</PageTitle>
      <Panel title={`Add ${Label.toLowerCase()}`}>
        <form onSubmit={form.onSubmit} noValidate className="grid max-w-xl gap-3">
          <ImageInput label={`${Label} image`} name="image" errors={form.errors} required />
          <TextField label="Alt text" name="alt_text" errors={form.errors} />
          {kind === 'banner' && <TextField label="Link (optional)" name="url" placeholder="https://… or /books" errors={form.errors} />}
          <FormError errors={form.errors} />
          <div>
            <Button type="submit" disabled={form.busy}>
              {form.busy ? 'Saving…' : `Add ${Label.toLowerCase()}`}
            </Button>
          </div>
        </form>
      </Panel>
      <Panel title={`${Label} list`}>
        <Table head={kind === 'banner' ? ['ID', 'Image', 'Alt text', 'Link', 'Delete'] : ['ID', 'Image', 'Alt text', 'Delete']} testId={`${kind}-list`}>
          {items.length === 0 && <Empty colSpan={5} text={`No ${kind}s yet.`} />}
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.id}</td>
              <td>{item.image && <img src={item.image} alt={item.alt_text} className={kind === 'banner' ? 'h-[50px] w-[100px] object-cover' : 'h-[50px] w-[50px] object-contain'} />}</td>
              <td>{item.alt_text}</td>
              {kind === 'banner' && <td className="max-w-xs truncate">{item.url}</td>}
              <td>
                <DeleteButton url={`/api/${kind}/${item.id}`} confirmText={`Are you sure to delete ${kind}?`} successText={`${Label} deleted!`} />
              </td>
            </tr>
          ))}
        </Table>
      </Panel>
    </>
  );
}
