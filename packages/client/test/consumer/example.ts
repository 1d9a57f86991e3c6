// A script outside the monorepo: only the installed tarball, type-checked with TypeScript 5.
import { type RouterOutputs, signInWithPassword, signOut } from '@waybill/client';

type Order = RouterOutputs['orders']['search']['orders'][number];

const url = process.env.WAYBILL_URL ?? 'http://localhost:3000';
const { client, user } = await signInWithPassword({
  url,
  email: 'ops@example.com',
  password: 'waybill-demo',
});
const page = await client.orders.search.query({
  filter: { courierKeys: ['cargus_ro'], activeOrders: 'all' },
  window: { skip: 0, limit: 5 },
});
const first: Order | undefined = page.orders[0];
const references: (string | null | undefined)[] = page.orders.map((o) => o.reference);
const live = await new Promise<string>((resolve, reject) => {
  const subscription = client.orders.live.subscribe(
    { filter: { activeOrders: 'all' }, window: { skip: 0, limit: 3 } },
    {
      onData({ data }) {
        subscription.unsubscribe();
        resolve(data.kind);
      },
      onError: reject,
    },
  );
});
// Inference is real, not `any`: each of these must be an error for the file to compile (never called).
export function mistakes() {
  // @ts-expect-error window.limit is a number
  void client.orders.search.query({ window: { skip: 0, limit: 'five' } });
  // @ts-expect-error there is no such procedure
  void client.orders.nope;
  // @ts-expect-error comments.add needs the order's uid
  void client.orders.comments.add.mutate({ text: 'hello there' });
  // @ts-expect-error display_priority is a number
  const wrong: string = first?.display_priority ?? '';
  void wrong;
}
const name: string = user.name;
console.log(JSON.stringify({ name, count: page.orders.length, references, live }));
await signOut(client);
client.close();
