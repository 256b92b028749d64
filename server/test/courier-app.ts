/**
 * A test app with both couriers configured against their loopback fakes and a signed-in admin:
 * what every shipments test file starts from. The fakes' addresses go into the environment, as
 * in production (each test file runs in its own process).
 */
import type { Config } from '../config';
import { createTestApp, type Signed, type TestApp } from './app';
import { startFakeSteadfast, type FakeSteadfast } from './fakes/steadfast';
import { startFakePathao, type FakePathao } from './fakes/pathao';

export interface CourierApp {
  t: TestApp;
  steadfast: FakeSteadfast;
  pathao: FakePathao;
  admin: Signed;
  close(): Promise<void>;
}

/** `timeoutMs`: each courier call's timeout (short, so tests of a silent courier are quick). */
export async function openCourierApp(config: Partial<Config> = {}, timeoutMs = 400): Promise<CourierApp> {
  const [steadfast, pathao] = await Promise.all([startFakeSteadfast(), startFakePathao()]);
  Object.assign(process.env, steadfast.env, pathao.env, { STEADFAST_TIMEOUT_MS: String(timeoutMs), PATHAO_TIMEOUT_MS: String(timeoutMs) });
  const t = await createTestApp({ publicUrl: 'https://shop.example', ...config });
  const admin = await t.signIn({ admin: true });
  return {
    t,
    steadfast,
    pathao,
    admin,
    async close() {
      await t.close();
      await Promise.all([steadfast.close(), pathao.close()]);
    },
  };
}
