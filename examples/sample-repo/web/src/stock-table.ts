import type { StockLine } from "./api-client.js";

/** Render the stock as rows of an HTML table, quantities rounded for display. */
export function renderStockRows(lines: StockLine[]): string {
  return lines
    .map((line) => `<tr><td>${escapeHtml(line.name)}</td><td>${formatQuantity(line.quantity)} ${line.unit}</td></tr>`)
    .join("\n");
}

function formatQuantity(quantity: number): string {
  return Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(1);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}
