import type { Page } from 'playwright-core';

/**
 * /invoices' "Record invoice" dialog, opened and filled for an order (the step every money flow shares): the order is
 * chosen by its number, then the first line's invoiced quantity and unit price when given, and the vendor's invoice
 * number. Returns the dialog, not yet saved.
 */
export const fillVendorInvoice = async (page: Page, o: { orderNumber: string; invoiceNumber: string; item?: string; quantity?: string; unitPrice?: string }) => {
  await page.goto('/invoices');
  await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
  await page.getByRole('button', { name: 'Record invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vendor invoice' });
  await dialog.getByRole('combobox', { name: 'Order' }).click();
  await page.getByRole('option', { name: new RegExp(o.orderNumber) }).click();
  const item = o.item ?? 'Cement';
  await dialog.getByLabel(new RegExp(`^${item}: Invoiced`)).waitFor();
  if (o.quantity !== undefined) await dialog.getByLabel(new RegExp(`^${item}: Invoiced`)).fill(o.quantity);
  if (o.unitPrice !== undefined) await dialog.getByLabel(new RegExp(`^${item}: Unit price`)).fill(o.unitPrice);
  await dialog.getByLabel('Vendor invoice number').fill(o.invoiceNumber);
  return dialog;
};
