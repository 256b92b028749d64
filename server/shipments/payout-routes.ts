/**
 * The courier's cash (issue 34), staff only: the accountant uploads a courier's payout sheet
 * (`POST /api/courier-payouts/`, multipart: `file`, `courier`, `paid_at`, `reference`), lists the
 * batches and opens one, sees what each courier still owes (`…/outstanding/`), and reads the
 * courier report (`GET /api/reports/couriers/`). Multipart parsing is registered here with the
 * back office's limits; the sheet is judged by its content (payouts.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import { badRequest } from '../http/errors';
import { assertSafeTexts } from '../http/input-guard';
import { envelope, pageQuery, readId, readQuery, toPage } from '../http/pagination';
import type { RouteDocs } from '../http/route-docs';
import { routeModule } from '../http/route-module';
import { MULTIPART_LIMITS, isUpload, readForm } from '../media/uploads';
import type { ShipmentService } from './service';
import { PAYOUT_MESSAGES, courierReportQuery, payoutFormSchema, payoutListQuery } from '../../domain/payouts';

const listQuery = payoutListQuery.extend(pageQuery.shape);
const uploadForm = payoutFormSchema.extend({
  file: z.string().describe('The payout sheet: a CSV with the header consignment_id,cod_amount,delivery_fee (delivery_fee may be left out), or an .xlsx (its first sheet)'),
});

const payoutDocs: RouteDocs = {
  'POST /api/courier-payouts/': {
    summary: "Upload a courier's payout sheet: each line matched to a parcel (matched, short, unknown); matched and short parcels get cod_settled_at; the same file twice: 409",
    audience: 'accountant',
    form: uploadForm,
    status: 201,
  },
  'GET /api/courier-payouts/': { summary: 'The payout batches, the latest payout first (counts of matched, short and unknown lines)', audience: 'accountant', query: listQuery },
  'GET /api/courier-payouts/outstanding/': { summary: 'Per courier, delivered parcels whose COD no payout has settled, oldest delivery first, with totals', audience: 'accountant' },
  'GET /api/courier-payouts/:id/': { summary: 'One payout batch with its short and unknown lines and every line', audience: 'accountant' },
  'GET /api/reports/couriers/': {
    summary: 'Per courier over orders placed from–to (Dhaka days): parcels, delivered, returned, return rate, COD expected and received, fees, outstanding',
    audience: 'accountant',
    query: courierReportQuery,
  },
};

export const payoutRoutes = routeModule<{ shipments: Pick<ShipmentService, 'payouts' | 'courierReport'> }>({
  docs: payoutDocs,
  async routes(app, { shipments }) {
    await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS });

    app.post('/api/courier-payouts/', async (request, reply) => {
      const values = await readForm(request, ['file']);
      const { file, ...fields } = values;
      assertSafeTexts(fields);
      const form = payoutFormSchema.parse(fields);
      if (!isUpload(file)) throw badRequest(PAYOUT_MESSAGES.file, { file: [PAYOUT_MESSAGES.file] });
      return reply.status(201).send(await shipments.payouts.upload(request.user!, form, file.data));
    });

    app.get('/api/courier-payouts/', async (request) => {
      const q = readQuery(listQuery, request);
      const page = toPage(q);
      const { count, results } = await shipments.payouts.list({ courier: q.courier }, page);
      return envelope(request, page, count, results);
    });

    app.get('/api/courier-payouts/outstanding/', async () => shipments.payouts.outstanding());

    app.get('/api/courier-payouts/:id/', async (request) => shipments.payouts.get(readId(request, PAYOUT_MESSAGES.notFound)));

    app.get('/api/reports/couriers/', async (request) => shipments.courierReport(readQuery(courierReportQuery, request)));
  },
});
