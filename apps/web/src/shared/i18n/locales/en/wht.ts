/** Texts of withholding tax, payables ageing and supplier documents (issue 35); loaded with the invoices page. */
export const messages = {
  categories: {
    goods: 'Supply of goods', construction: 'Construction (roads, bridges, buildings)', 'construction-other': 'Other construction', professional: 'Consultancy, professional, technical, management',
    commission: 'Commission, brokerage', rent: 'Rent, hire or lease', services: 'Other services', exempt: 'Exempt', none: 'Not set (nothing withheld)',
  },
  payeeTypes: { company: 'Company', individual: 'Individual' },
  fields: { category: 'WHT category', payeeType: 'Company or individual', small: 'Small supplier (turnover under ₦25 m)' },
  preview: {
    base: 'Before VAT (taxed)', gross: 'Gross', wht: 'Withholding tax {{rate}}', net: 'Net to vendor', authority: 'Paid to {{authority}}', loading: 'Working out withholding tax…',
    none: 'No withholding tax on this payment', notes: { 'under-threshold': 'GH¢2,000 or less paid to this supplier this year.', 'no-category': 'The vendor has no WHT category.', exempt: 'The vendor is exempt.', 'small-supplier': 'Small supplier with a TIN, ₦2 m or less this month.', 'no-tin-doubled': 'No TIN: twice the rate.', 'no-rate': 'No rate for this category.', paid: 'Already paid.' },
  },
  schedule: {
    title: 'Withholding tax schedule', month: 'Month', authority: 'Authority', dueBy: '{{authority}}: {{amount}} due by {{date}}', csv: 'Download CSV', xlsx: 'Download XLSX',
    empty: 'No tax withheld this month', emptyBody: 'Give vendors a WHT category; tax is withheld when a payment to them is recorded as paid.',
    vendor: 'Vendor', tin: 'TIN', invoice: 'Invoice', base: 'Before VAT', gross: 'Gross', rate: 'Rate', wht: 'WHT', paidDate: 'Paid',
  },
  ageing: {
    title: 'Payables ageing', asOf: 'As of', vendor: 'Vendor', current: 'Current', d1to30: '1–30 days', d31to60: '31–60 days', d61to90: '61–90 days', over90: 'Over 90 days', total: 'Total',
    empty: 'Nothing outstanding', emptyBody: 'Invoices that are not paid or scheduled in full appear here by how late they are.', invoices: 'Invoices of {{vendor}}', days: '{{days}} days past due',
  },
  print: { order: 'Print order', grn: 'Print GRN', advice: 'Payment advice', receipt: 'WHT credit note', failed: 'The document could not be downloaded' },
};
