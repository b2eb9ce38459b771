DROP TABLE IF EXISTS shop_invoice_lines;
DROP TABLE IF EXISTS shop_invoices;
DROP TABLE IF EXISTS work_orders;
DROP TABLE IF EXISTS shops;
