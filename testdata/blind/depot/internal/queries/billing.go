package queries

const (
	InsertHandlingCharge = `
INSERT INTO handling_charges (id, merchant_id, order_id, fee_code, quantity, amount_cents, created_at)
VALUES (:id, :merchant_id, :order_id, :fee_code, :quantity, :amount_cents, :created_at)`

	InsertHandlingChargeOnce = InsertHandlingCharge + `
ON CONFLICT (order_id, fee_code) DO NOTHING`

	ListMerchants = `
SELECT id, name, psp_customer_id, billing_email, storage_rate_cents_per_cbm_day, created_at
  FROM merchants ORDER BY id`

	GetMerchant = `
SELECT id, name, psp_customer_id, billing_email, storage_rate_cents_per_cbm_day, created_at
  FROM merchants WHERE id = $1`

	InsertStorageCharge = `
INSERT INTO storage_charges (id, merchant_id, period, cbm_days, amount_cents, status)
VALUES ($1, $2, $3, $4, $5, 'pending')
ON CONFLICT (merchant_id, period) DO NOTHING`

	ListPendingStorageCharges = `
SELECT id, merchant_id, period, cbm_days, amount_cents, status, psp_charge_id,
       failure_reason, created_at, charged_at
  FROM storage_charges
 WHERE status = 'pending' AND period = $1
 ORDER BY merchant_id`

	MarkStorageCharged = `
UPDATE storage_charges SET status = 'charged', psp_charge_id = $2, charged_at = $3
 WHERE id = $1`

	MarkStorageChargeFailed = `
UPDATE storage_charges SET failure_reason = $2 WHERE id = $1`

	GetInvoice = `
SELECT id, merchant_id, period, total_cents, currency, status, paid_at, created_at
  FROM invoices WHERE id = $1`

	ClaimPaymentAttempt = `
INSERT INTO payment_attempts (id, invoice_id, amount_cents, status)
VALUES ($1, $2, $3, 'pending')
ON CONFLICT (invoice_id) WHERE status IN ('pending', 'succeeded')
DO UPDATE SET updated_at = now()
RETURNING id, invoice_id, amount_cents, status, psp_charge_id, error, created_at, updated_at`

	CompletePaymentAttempt = `
UPDATE payment_attempts SET status = $2, psp_charge_id = $3, error = $4, updated_at = now()
 WHERE id = $1`

	MarkInvoicePaid = `
UPDATE invoices SET status = 'paid', paid_at = $2 WHERE id = $1 AND status = 'open'`
)
