// The shop the tests against a cloud child process (cloud/test/cloud-process.ts) start from, set
// up through the administration API as an operator would, and the integration's reads of it.

export interface CloudShop {
  merchantId: string;
  /** Reads sales and inventory. */
  integrationKey: string;
  /** Each product's id by its code. */
  products: Record<string, string>;
  terminal: { id: string; publicId: string };
  activationCode: string;
}

/**
 * A merchant with its integration on and a key for it, the products (price 10, VAT B, `onHand`
 * each in stock) and a terminal "Casa 1" waiting to be activated.
 */
export async function openShop(
  cloudUrl: string,
  operatorToken: string,
  { products, onHand }: { products: readonly string[]; onHand: number },
): Promise<CloudShop> {
  const admin = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${cloudUrl}/api/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const merchantId = (
    await admin<{ id: string }>('POST', '/merchants', {
      name: 'Magazin SRL',
      idno: '1003600012345',
      address: 'str. Ștefan cel Mare 1, Chișinău',
    })
  ).id;
  await admin('PUT', `/merchants/${merchantId}/integration`, { active: true });
  const { key: integrationKey } = await admin<{ key: string }>('POST', `/merchants/${merchantId}/keys`, {
    scopes: ['sales:read', 'inventory:read'],
  });
  const ids: Record<string, string> = {};
  for (const code of products) {
    ids[code] = (
      await admin<{ id: string }>('PUT', `/merchants/${merchantId}/products/${code}`, {
        name: { ro: code },
        price: 10,
        vatCode: 'B',
        unit: 'pcs',
        onHand,
      })
    ).id;
  }
  const { terminal, activationCode } = await admin<Pick<CloudShop, 'terminal' | 'activationCode'>>(
    'POST',
    `/merchants/${merchantId}/terminals`,
    { name: 'Casa 1' },
  );
  return { merchantId, integrationKey, products: ids, terminal, activationCode };
}

/** A GET of the integration API; anything but a 2xx throws. */
export async function integrationGet<T>(cloudUrl: string, key: string, path: string): Promise<T> {
  const res = await fetch(`${cloudUrl}/api/public/v1${path}`, { headers: { 'x-service-api-key': key } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
