package storage

const accountSelect = `
SELECT a.id, a.association_id, s.name AS association_name, a.unit_label, a.owner_name,
       COALESCE(a.email, '') AS email, COALESCE(a.phone, '') AS phone, a.sms_opt_in,
       a.monthly_dues_cents, a.autopay_method,
       COALESCE(a.payment_customer_id, '') AS payment_customer_id,
       COALESCE(a.payment_method_ref, '') AS payment_method_ref,
       s.late_fee_cents, s.grace_days
  FROM owner_accounts a
  JOIN associations s ON s.id = a.association_id`

const qAccountGet = accountSelect + ` WHERE a.id = $1`

const qAccountListActive = accountSelect + ` WHERE a.status = 'active' ORDER BY s.id, a.unit_label`

const invoiceColumns = `id, account_id, period, amount_cents, due_on, status, late_fee_assessed_at, created_at`

const qInvoiceCreateIfAbsent = `
INSERT INTO invoices (id, account_id, period, amount_cents, due_on, status)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (account_id, period) DO NOTHING`

const qInvoiceGet = `SELECT ` + invoiceColumns + ` FROM invoices WHERE id = $1`

const qInvoiceListOpenAutopay = `
SELECT i.id, i.account_id, i.period, i.amount_cents, i.due_on, i.status, i.late_fee_assessed_at, i.created_at
  FROM invoices i
  JOIN owner_accounts a ON a.id = i.account_id
 WHERE i.period = $1
   AND i.status = 'open'
   AND a.autopay_method IN ('card', 'ach')
 ORDER BY i.created_at`

const qInvoiceSetCollectionTask = `UPDATE invoices SET collection_task_id = $2 WHERE id = $1`

const qInvoiceClaimLateFee = `
UPDATE invoices
   SET late_fee_assessed_at = $2
 WHERE id = $1
   AND status = 'open'
   AND late_fee_assessed_at IS NULL`

const qInvoiceMarkPaid = `
UPDATE invoices
   SET status = 'paid', paid_at = $2
 WHERE id = $1
   AND status = 'open'
   AND amount_cents <= (SELECT COALESCE(SUM(-amount_cents), 0)
                          FROM ledger_entries
                         WHERE invoice_id = $1 AND kind = 'payment')`

const qInvoiceLateFeeCandidates = `
SELECT i.id
  FROM invoices i
  JOIN owner_accounts a ON a.id = i.account_id
  JOIN associations s ON s.id = a.association_id
 WHERE i.status = 'open'
   AND i.late_fee_assessed_at IS NULL
   AND s.late_fee_cents > 0
   AND i.due_on + s.grace_days < $1::date`

const qInvoiceReminderCandidates = `
SELECT i.id,
       CASE WHEN i.due_on > $1::date THEN 'upcoming'
            WHEN i.due_on + 30 > $1::date THEN 'overdue'
            ELSE 'final' END AS stage
  FROM invoices i
 WHERE i.status = 'open'
   AND i.due_on BETWEEN $1::date - 45 AND $1::date + 5`

const qLedgerInsert = `
INSERT INTO ledger_entries (id, account_id, invoice_id, kind, amount_cents, memo, source_ref, created_by, created_at)
VALUES (:id, :account_id, :invoice_id, :kind, :amount_cents, :memo, :source_ref, :created_by, :created_at)`

const qReminderExists = `SELECT EXISTS (SELECT 1 FROM invoice_reminders WHERE invoice_id = $1 AND stage = $2)`

const qReminderRecord = `
INSERT INTO invoice_reminders (invoice_id, stage, provider_ref)
VALUES ($1, $2, $3)
ON CONFLICT (invoice_id, stage) DO NOTHING`

const qIdempotencyFind = `SELECT response FROM idempotency_keys WHERE scope = $1 AND key = $2`

const qIdempotencySave = `
INSERT INTO idempotency_keys (scope, key, response)
VALUES ($1, $2, $3)
ON CONFLICT (scope, key) DO NOTHING`

const qInboxClaim = `
INSERT INTO processed_messages (consumer, message_id)
VALUES ($1, $2)
ON CONFLICT (consumer, message_id) DO NOTHING`

const paymentColumns = `id, account_id, invoice_id, method, source, amount_cents, provider_ref, status, failure_code, created_at, updated_at`

// An existing row for the same provider reference is returned unchanged, so
// a replayed charge maps to the payment recorded the first time.
const qPaymentInsertOrGet = `
INSERT INTO payments (id, account_id, invoice_id, method, source, amount_cents, provider_ref, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (provider_ref) WHERE provider_ref IS NOT NULL
DO UPDATE SET updated_at = payments.updated_at
RETURNING ` + paymentColumns

const qPaymentMarkSettled = `
UPDATE payments
   SET status = 'succeeded', failure_code = NULL, updated_at = now()
 WHERE provider_ref = $1
RETURNING ` + paymentColumns

const qPaymentMarkFailed = `
UPDATE payments
   SET status = 'failed', failure_code = $2, updated_at = now()
 WHERE provider_ref = $1
RETURNING ` + paymentColumns

const qPaymentAttemptInsert = `
INSERT INTO payment_attempts (id, invoice_id, attempt, method, outcome, provider_ref, error)
VALUES (:id, :invoice_id, :attempt, :method, :outcome, :provider_ref, :error)`

const qWebhookEventInsert = `
INSERT INTO payment_webhook_events (event_id, event_type, payload)
VALUES ($1, $2, $3)`

const qViolationGet = `
SELECT id, account_id, category, description, status, fine_cents, fined_by, fined_at, observed_at
  FROM violations
 WHERE id = $1`

const qViolationMarkFined = `
UPDATE violations
   SET status = 'fined', fine_cents = $2, fined_by = $3, fined_at = now()
 WHERE id = $1
   AND status IN ('open', 'noticed')`

const qViolationFineDue = `SELECT id, account_id, category, status, fine_cents FROM violations WHERE id = $1`
