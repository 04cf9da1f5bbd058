// What the Catalog sections read from the cloud, and the query keys a change invalidates.
import { api, CONSOLE_API, data } from '../../api/client.js';

export const CATALOG_KEY = ['catalog'] as const;

export const fetchCategories = () => data(api.GET(`${CONSOLE_API}/categories`));
export type Category = Awaited<ReturnType<typeof fetchCategories>>['data'][number];

export const fetchProducts = (
  filters: { q: string; active: string; categoryId: string },
  cursor: string | undefined,
) =>
  data(
    api.GET(`${CONSOLE_API}/products`, {
      params: {
        query: {
          limit: 50,
          ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
          ...(filters.active === 'true' || filters.active === 'false' ? { active: filters.active } : {}),
          ...(filters.categoryId ? { categoryId: filters.categoryId } : {}),
          ...(cursor ? { cursor } : {}),
        },
      },
    }),
  );
export type Product = Awaited<ReturnType<typeof fetchProducts>>['data'][number];

/** Each category's path from the top, "Băuturi › Sucuri", for lists and choices. */
export function categoryPaths(categories: readonly Category[]): Map<string, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const paths = new Map<string, string>();
  const pathOf = (id: string, seen: Set<string>): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const category = byId.get(id);
    if (!category) return '';
    const parent =
      category.parentId && !seen.has(category.parentId) ? pathOf(category.parentId, seen.add(id)) : '';
    const path = parent ? `${parent} › ${category.name}` : category.name;
    paths.set(id, path);
    return path;
  };
  for (const category of categories) pathOf(category.id, new Set());
  return paths;
}

/** Amounts as the person's language writes them, from the cloud's JSON numbers. */
export const formatNumber = (value: number, decimals: number, locale: string): string =>
  value.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
