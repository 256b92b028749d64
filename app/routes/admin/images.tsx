/** Logos and banners: an add form with preview and a list with delete. One module, two routes. */
import type { Route } from './+types/images';
import { requireAdminPage } from './guard.server';
import { Field } from '../../components/form/field';
import { ImageInput } from '../../components/form/image-input';
import { checkWith } from '../../components/form/values';
import { FormFoot } from '../../components/admin/buttons';
import { useCreateForm } from '../../components/admin/create-form';
import { DeleteButton } from '../../components/admin/confirm';
import { PageTitle, Panel } from '../../components/admin/page';
import { Empty, Table } from '../../components/admin/table';
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
  const form = useCreateForm(kind, Label, (body) => checkWith(kind === 'banner' ? bannerFormSchema : logoFormSchema, body));
  return (
    <>
      <PageTitle>{kind === 'banner' ? 'Banners' : 'Logos'}</PageTitle>
      <Panel title={`Add ${Label.toLowerCase()}`}>
        <form {...form.props} className="grid max-w-xl gap-3">
          <ImageInput label={`${Label} image`} name="image" errors={form.errors} required />
          <Field label="Alt text" name="alt_text" errors={form.errors} />
          {kind === 'banner' && <Field label="Link (optional)" name="url" placeholder="https://… or /books" errors={form.errors} />}
          <FormFoot errors={form.errors} busy={form.busy}>
            Add {Label.toLowerCase()}
          </FormFoot>
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
