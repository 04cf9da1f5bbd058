// The admin command line's catalog commands: products with their catalog fields, categories,
// VAT rates, cashiers and the catalog feed. Each stands for one administration API request.
import { decimal, id, required, wholeNumber, type AdminRequest, type Values } from './cli-args.js';

export const CATALOG_USAGE = `  save-product --merchant <id> --code <code> --name <ro name> --price <MDL> --vat <A-E|_> --unit <unit>
      [--sku <PLU>] [--barcode <code>]... [--category <categoryId>] [--inactive] [--on-hand <units>]
                                                  creates or replaces a product (emits product.*)
  list-categories --merchant <id>                 the category tree (parentId links it)
  create-category --merchant <id> --name <name> [--parent <categoryId>] [--position <n>]
  update-category --merchant <id> --category <categoryId> --name <name> [--parent <categoryId>] [--position <n>]
  delete-category --merchant <id> --category <categoryId>   refused while it holds categories or products
  list-vat-rates --merchant <id>                  every VAT code and its rate
  set-vat-rate --merchant <id> --code <A-E> --rate <basis points, 2000 = 20 %>
  list-cashiers --merchant <id>                   cashiers (never their PINs)
  create-cashier --merchant <id> --name <name> --role <cashier|administrator> --pin <4 digits>
  update-cashier --merchant <id> --cashier <id> --name <name> --role <role> [--pin <4 digits>]
  delete-cashier --merchant <id> --cashier <id>
  catalog --merchant <id> [--cursor <n>] [--limit <n>]   the catalog feed a terminal receives`;

const text = (values: Values, name: string): string | undefined => {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
};

function categoryBody(values: Values) {
  return {
    name: required(values, 'name'),
    parentId: text(values, 'parent') ?? null,
    position: wholeNumber(values, 'position', 0),
  };
}

function cashierBody(values: Values) {
  const pin = text(values, 'pin');
  return { name: required(values, 'name'), role: required(values, 'role'), ...(pin ? { pin } : {}) };
}

/** The request a catalog command stands for; undefined for a command this module lacks. */
export function catalogRequest(command: string, values: Values): AdminRequest | undefined {
  const merchant = () => `/merchants/${id(required(values, 'merchant'))}`;
  switch (command) {
    case 'save-product': {
      const barcodes = values.barcode;
      return {
        method: 'PUT',
        path: `${merchant()}/products/${id(required(values, 'code'))}`,
        body: {
          name: { ro: required(values, 'name') },
          price: decimal(values, 'price'),
          vatCode: required(values, 'vat'),
          unit: required(values, 'unit'),
          sku: text(values, 'sku') ?? null,
          categoryId: text(values, 'category') ?? null,
          active: values.inactive !== true,
          ...(Array.isArray(barcodes) ? { barcodes } : {}),
          ...(values['on-hand'] === undefined ? {} : { onHand: decimal(values, 'on-hand') }),
        },
      };
    }
    case 'list-categories':
      return { method: 'GET', path: `${merchant()}/categories` };
    case 'create-category':
      return { method: 'POST', path: `${merchant()}/categories`, body: categoryBody(values) };
    case 'update-category':
      return {
        method: 'PUT',
        path: `${merchant()}/categories/${id(required(values, 'category'))}`,
        body: categoryBody(values),
      };
    case 'delete-category':
      return { method: 'DELETE', path: `${merchant()}/categories/${id(required(values, 'category'))}` };
    case 'list-vat-rates':
      return { method: 'GET', path: `${merchant()}/vat-rates` };
    case 'set-vat-rate':
      return {
        method: 'PUT',
        path: `${merchant()}/vat-rates/${id(required(values, 'code'))}`,
        body: { rateBasisPoints: required(values, 'rate') && wholeNumber(values, 'rate', 0) },
      };
    case 'list-cashiers':
      return { method: 'GET', path: `${merchant()}/cashiers` };
    case 'create-cashier':
      return { method: 'POST', path: `${merchant()}/cashiers`, body: cashierBody(values) };
    case 'update-cashier':
      return {
        method: 'PUT',
        path: `${merchant()}/cashiers/${id(required(values, 'cashier'))}`,
        body: cashierBody(values),
      };
    case 'delete-cashier':
      return { method: 'DELETE', path: `${merchant()}/cashiers/${id(required(values, 'cashier'))}` };
    case 'catalog': {
      const query = new URLSearchParams({
        cursor: text(values, 'cursor') ?? '0',
        limit: text(values, 'limit') ?? '1000',
      });
      return { method: 'GET', path: `${merchant()}/catalog?${query.toString()}` };
    }
    default:
      return undefined;
  }
}
