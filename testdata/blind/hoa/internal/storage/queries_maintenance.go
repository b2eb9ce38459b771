package storage

const requestColumns = `id, association_id, account_id, request_key, public_ref, category, priority, description,
       location, status, vendor_id, work_order_ref, completed_at, created_at, updated_at`

// A resubmitted request key returns the original row; xmax = 0 tells the
// caller whether this statement inserted it.
const qRequestUpsert = `
INSERT INTO maintenance_requests (id, association_id, account_id, request_key, public_ref, category, priority, description, location, status)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (association_id, request_key)
DO UPDATE SET request_key = EXCLUDED.request_key
RETURNING ` + requestColumns + `, (xmax = 0) AS inserted`

const qRequestGet = `SELECT ` + requestColumns + ` FROM maintenance_requests WHERE id = $1`

const qRequestByWorkOrder = `SELECT ` + requestColumns + ` FROM maintenance_requests WHERE work_order_ref = $1`

const qRequestMarkDispatched = `
UPDATE maintenance_requests
   SET status = 'dispatched', vendor_id = $2, work_order_ref = $3, updated_at = now()
 WHERE id = $1
   AND status IN ('submitted', 'dispatched')
   AND (work_order_ref IS NULL OR work_order_ref = $3)`

const qRequestUpdateStatusByWorkOrder = `
UPDATE maintenance_requests
   SET status = $2, updated_at = now()
 WHERE work_order_ref = $1
   AND status NOT IN ('completed', 'cancelled')
   AND status <> $2`

const qRequestMarkCompleted = `
UPDATE maintenance_requests
   SET status = 'completed', completed_at = COALESCE(completed_at, $2), updated_at = now()
 WHERE work_order_ref = $1
RETURNING ` + requestColumns

const vendorColumns = `id, association_id, network_vendor_id, name, trade, on_call, payout_account_ref`

const qVendorGet = `SELECT ` + vendorColumns + ` FROM vendors WHERE id = $1`

const qVendorByNetworkID = `SELECT ` + vendorColumns + ` FROM vendors WHERE association_id = $1 AND network_vendor_id = $2`

const qVendorOnCall = `SELECT ` + vendorColumns + ` FROM vendors WHERE association_id = $1 AND trade = $2 AND on_call`

const qQuoteInsert = `
INSERT INTO vendor_quotes (id, maintenance_request_id, vendor_id, network_quote_id, amount_cents, notes, status)
VALUES (:id, :maintenance_request_id, :vendor_id, :network_quote_id, :amount_cents, :notes, :status)`

const payoutColumns = `id, maintenance_request_id, vendor_id, amount_cents, status, transfer_ref, paid_at`

// One payout per request. A repeated completion refreshes the amount while
// the payout is still pending and always returns the original row.
const qPayoutUpsert = `
INSERT INTO vendor_payouts (id, maintenance_request_id, vendor_id, amount_cents, status)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (maintenance_request_id) DO UPDATE
   SET amount_cents = CASE WHEN vendor_payouts.status = 'pending'
                           THEN EXCLUDED.amount_cents
                           ELSE vendor_payouts.amount_cents END
RETURNING ` + payoutColumns

const qPayoutGet = `SELECT ` + payoutColumns + ` FROM vendor_payouts WHERE id = $1`

const qPayoutMarkPaid = `
UPDATE vendor_payouts
   SET status = 'paid', transfer_ref = $2, paid_at = now()
 WHERE id = $1`
