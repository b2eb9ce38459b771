DROP TABLE IF EXISTS credit_notes;
DROP TABLE IF EXISTS invoices;
DROP TABLE IF EXISTS monthly_usage;
DROP TABLE IF EXISTS billing_line_items;
DROP TABLE IF EXISTS inspection_slots;
DROP TABLE IF EXISTS inspections;
