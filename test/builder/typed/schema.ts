/**
 * The schema of the typed-builder tests, as `dsq types` writes one: names two databases share
 * with different types (`id`: bigint in invoices, number in customers; `price`: number in
 * items, nullable in products), every datetime kind, a label, a child database, group paths.
 */
export type DateTime = string & { readonly __dsqType: 'datetime' };
export type LocalDate = string & { readonly __dsqType: 'localdate' };
export type LocalTime = string & { readonly __dsqType: 'localtime' };
export type LocalDateTime = string & { readonly __dsqType: 'localdatetime' };

export type Shop = {
  invoices: { id: bigint; customer: number; total: number; status: string; memo: string | null; issued: DateTime; due: LocalDate | null; paid: boolean };
  'invoices.items': { sku: string; qty: number; price: number; invoice: bigint };
  customers: { id: number; name: string; email: string | null; region: string | null; vip: boolean };
  products: { sku: string; title: string; price: number | null; opens: LocalTime; launched: LocalDateTime | null };
  'sales.invoices': Shop['invoices'];
  items: Shop['invoices.items'];
  'sales.invoices.items': Shop['invoices.items'];
};

export type ShopLabels = { customers: { 'E-mail': 'email' } };

export const ShopFields = {
  invoices: ['id', 'customer', 'total', 'status', 'memo', 'issued', 'due', 'paid'],
  'invoices.items': ['sku', 'qty', 'price', 'invoice'],
  customers: ['id', 'name', 'email', 'region', 'vip'],
  products: ['sku', 'title', 'price', 'opens', 'launched'],
  'sales.invoices': ['id', 'customer', 'total', 'status', 'memo', 'issued', 'due', 'paid'],
  items: ['sku', 'qty', 'price', 'invoice'],
  'sales.invoices.items': ['sku', 'qty', 'price', 'invoice'],
} as const;
