/** Update a book, an electronics or a stationery product: the form prefilled, Update and Cancel. */
import type { Route } from './+types/product-edit';
import { idParam, notFoundPage, requireAdminPage } from './guard.server';
import { productFormOptions } from './product-options.server';
import { kindFromPath } from '../../components/admin/product-kinds';
import { ProductForm, type ProductFormProps } from '../../components/admin/product-form';
import { PageTitle, Panel } from '../../components/admin/page';
export { ErrorBoundary } from '../../components/admin/error-page';

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const kind = kindFromPath(new URL(request.url).pathname);
  const id = idParam(params.id, 'Product');
  const [product, options] = await Promise.all([context.services.catalog.getProduct(id, { admin: true }), productFormOptions(context, kind)]);
  if (!product || product.type !== kind.type) notFoundPage(kind.type === 'books' ? 'Book' : 'Product');
  return { type: kind.type, product: product as NonNullable<ProductFormProps['product']>, options };
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Edit ${data?.product.english_title ?? ''} · Back office` }];
}

export default function ProductEdit({ loaderData }: Route.ComponentProps) {
  const { type, product, options } = loaderData;
  const kind = kindFromPath(`/admin-${type}`);
  return (
    <>
      <PageTitle>
        Update {kind.one}: {product.english_title}
      </PageTitle>
      <Panel>
        <ProductForm key={product.id} kind={kind} options={options} product={product} />
      </Panel>
    </>
  );
}
