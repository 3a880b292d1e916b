/**
 * A seller's figures over the last 7, 30 or 90 days: visits, sales and revenue per day, and the
 * products and pages that drew them. Pure: the queries are `figures.server.ts`; this fills the
 * days without data, adds up the totals and writes the CSV.
 */
import { toCsv } from '@/lib/csv';
import { addDays } from '@/lib/dates';
import {
  CHANNEL_NAMES,
  isSalesChannel,
  SALES_CHANNELS,
  type SalesChannel,
} from '@/lib/orders/channels';

export const FIGURE_PERIODS = [7, 30, 90] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];
export const DEFAULT_PERIOD: FigurePeriod = 30;
export const PERIOD_MESSAGE = 'El período debe ser de 7, 30 o 90 días.';

/** The period a query names (`7`, `30`, `90`); null when it names another; the default when none. */
export function parsePeriod(value: string | null | undefined): FigurePeriod | null {
  if (value === null || value === undefined || value === '') return DEFAULT_PERIOD;
  return FIGURE_PERIODS.find((p) => String(p) === value) ?? null;
}

export interface DayFigures {
  /** `2026-11-25`, Santiago's calendar. */
  day: string;
  product_visits: number;
  page_visits: number;
  visits: number;
  orders: number;
  /** Those sold in the shop itself: the ones its visits can lead to (conversion counts these). */
  shop_orders: number;
  /** What the day's sales paid, delivery included, in pesos. */
  revenue: number;
}

/** A channel's part of the period's sales (issue 66): the shop itself, Mercado Libre. */
export interface ChannelFigures {
  channel: SalesChannel;
  name: string;
  orders: number;
  revenue: number;
}

export interface ProductFigures {
  id: number;
  name: string;
  visits: number;
  /** Sales that include the product. */
  orders: number;
  units: number;
  /** The product's lines in those sales, in pesos. */
  revenue: number;
  /** Sales per visit (0.05 is 5 %); null without visits. */
  conversion: number | null;
}

export interface PageFigures {
  site_id: number;
  site_name: string;
  path: string;
  visits: number;
}

export interface ShopFigures {
  days: FigurePeriod;
  from: string;
  to: string;
  totals: Omit<DayFigures, 'day'> & { conversion: number | null };
  daily: DayFigures[];
  /** Every channel, the shop first, with what it sold in the period. */
  by_channel: ChannelFigures[];
  top_products: ProductFigures[];
  top_pages: PageFigures[];
}

/** What the queries return per day, only for days with something. */
export interface DayRows {
  productVisits: { day: string; visits: number }[];
  pageVisits: { day: string; visits: number }[];
  sales: { day: string; channel: string; orders: number; revenue: number }[];
}

/** The first and last day of a period ending today (both included). */
export function periodDays(days: FigurePeriod, today: string): { from: string; to: string } {
  return { from: addDays(today, 1 - days), to: today };
}

/** Orders per visit, or null when there were no visits to divide by. */
export function conversion(orders: number, visits: number): number | null {
  return visits > 0 ? orders / visits : null;
}

/** Every day of the period, oldest first, with zeros where nothing happened; and the totals. */
export function buildFigures(
  days: FigurePeriod,
  today: string,
  rows: DayRows,
  top: { products: ProductFigures[]; pages: PageFigures[] },
): ShopFigures {
  const { from, to } = periodDays(days, today);
  const byDay = new Map<string, DayFigures>();
  for (let i = 0; i < days; i++) {
    const day = addDays(from, i);
    byDay.set(day, {
      day,
      product_visits: 0,
      page_visits: 0,
      visits: 0,
      orders: 0,
      shop_orders: 0,
      revenue: 0,
    });
  }
  for (const r of rows.productVisits) {
    const d = byDay.get(r.day);
    if (d) d.product_visits += r.visits;
  }
  for (const r of rows.pageVisits) {
    const d = byDay.get(r.day);
    if (d) d.page_visits += r.visits;
  }
  const byChannel = new Map<SalesChannel, ChannelFigures>(
    SALES_CHANNELS.map((c) => [c, { channel: c, name: CHANNEL_NAMES[c], orders: 0, revenue: 0 }]),
  );
  for (const r of rows.sales) {
    const d = byDay.get(r.day);
    if (!d) continue;
    d.orders += r.orders;
    d.revenue += r.revenue;
    if (r.channel === 'tienda') d.shop_orders += r.orders;
    const c = byChannel.get(isSalesChannel(r.channel) ? r.channel : 'tienda')!;
    c.orders += r.orders;
    c.revenue += r.revenue;
  }
  const daily = [...byDay.values()];
  for (const d of daily) d.visits = d.product_visits + d.page_visits;
  const sum = (key: keyof Omit<DayFigures, 'day'>) => daily.reduce((t, d) => t + d[key], 0);
  const totals = {
    product_visits: sum('product_visits'),
    page_visits: sum('page_visits'),
    visits: sum('visits'),
    orders: sum('orders'),
    shop_orders: sum('shop_orders'),
    revenue: sum('revenue'),
  };
  return {
    days,
    from,
    to,
    totals: { ...totals, conversion: conversion(totals.shop_orders, totals.visits) },
    daily,
    by_channel: [...byChannel.values()],
    top_products: top.products,
    top_pages: top.pages,
  };
}

/** `5,3 %`, or `—` without visits. */
export function formatConversion(value: number | null): string {
  if (value === null) return '—';
  return `${(value * 100).toLocaleString('es-CL', { maximumFractionDigits: 1 })} %`;
}

/** The daily figures as CSV (`lib/csv.ts`), the conversion as a percent with a decimal comma. */
export function figuresCsv(figures: ShopFigures): string {
  const head = [
    'fecha',
    'visitas',
    'visitas_productos',
    'visitas_paginas',
    'ventas',
    'ingresos_clp',
    'conversion_pct',
  ];
  const percent = (orders: number, visits: number) => {
    const rate = conversion(orders, visits);
    return rate === null ? '' : (rate * 100).toFixed(1).replace('.', ',');
  };
  return toCsv(
    head,
    figures.daily.map((d) => [
      d.day,
      d.visits,
      d.product_visits,
      d.page_visits,
      d.orders,
      d.revenue,
      percent(d.shop_orders, d.visits),
    ]),
  );
}
