// The same mistakes as example.ts without the directives: the compiler must report each one.
import { createWaybillClient } from '@waybill/client';

const client = createWaybillClient({ url: 'http://localhost:3000', token: 'wbs_x' });
void client.orders.search.query({ window: { skip: 0, limit: 'five' } });
void client.orders.nope;
void client.orders.comments.add.mutate({ text: 'hello there' });
