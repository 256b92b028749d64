/**
 * The packing desk's calls (packer+, checked by the route guard from these docs): labels and
 * packing slips as PDFs, the scan that finds an order from a label, marking a parcel packed.
 */
import { readId, readQuery } from '../http/pagination';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import { PACKING_MESSAGES, labelsQuery, scanSchema, slipsQuery } from '../../domain/packing';
import type { PackingService } from './service';

const packingDocs: RouteDocs = {
  'GET /api/order/labels.pdf': {
    summary: 'Shipping labels for these orders (ids=1,2,3, at most 200): size a4 (8 a sheet), a6 or 4x6 (one a page). Unknown ids: 404 naming them; a cancelled order: 409 naming it',
    audience: 'packer',
    query: labelsQuery,
    produces: 'application/pdf',
  },
  'GET /api/order/packing-slips.pdf': {
    summary: 'Packing slips for these orders (ids=1,2,3, at most 200): lines with quantities and a tick box each, notes, totals and COD',
    audience: 'packer',
    query: slipsQuery,
    produces: 'application/pdf',
  },
  'POST /api/order/scan/': { summary: 'The order a scanned code names (order number, with or without # or a prefix; consignment id; tracking code), as staff see it, each line with its ISBN', audience: 'packer', body: scanSchema, readOnly: true },
  'POST /api/order/:id/packed/': { summary: 'Mark a Pending order packed (packed_at, packed_by), once: again answers 200 unchanged; an order not Pending: 409', audience: 'packer' },
};

/** A PDF answer: shown in the browser's viewer, named for a download, never kept by a cache. */
function pdfHeaders(name: string) {
  return { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${name}"`, 'cache-control': 'private, no-store' };
}

export const packingRoutes = routeModule<{ packing: PackingService }>({
  docs: packingDocs,
  async routes(app, { packing }) {
    app.get('/api/order/labels.pdf', async (request, reply) => {
      const { ids, size } = readQuery(labelsQuery, request);
      const pdf = await packing.labels(ids, size);
      return reply.headers(pdfHeaders(`labels-${size}-${ids.length}.pdf`)).send(pdf);
    });

    app.get('/api/order/packing-slips.pdf', async (request, reply) => {
      const { ids } = readQuery(slipsQuery, request);
      const pdf = await packing.slips(ids);
      return reply.headers(pdfHeaders(`packing-slips-${ids.length}.pdf`)).send(pdf);
    });

    app.post('/api/order/scan/', async (request) => {
      const { code } = scanSchema.parse(request.body ?? {});
      return packing.scan(request.user!, code);
    });

    app.post('/api/order/:id/packed/', async (request) => {
      const { result, order } = await packing.markPacked(request.user!, readId(request, PACKING_MESSAGES.orderNotFound));
      return { ...order, message: result === 'packed' ? PACKING_MESSAGES.packed : PACKING_MESSAGES.alreadyPacked, order };
    });
  },
});
