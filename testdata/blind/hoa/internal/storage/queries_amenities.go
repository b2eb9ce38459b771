package storage

const qAmenityGet = `
SELECT id, association_id, name, kind, deposit_cents, max_guests
  FROM amenities
 WHERE id = $1`

const reservationColumns = `id, amenity_id, account_id, starts_at, ends_at, guests, status, deposit_cents,
       deposit_status, deposit_charge_ref, created_at`

const qReservationGet = `SELECT ` + reservationColumns + ` FROM amenity_reservations WHERE id = $1`

const qReservationInsert = `
INSERT INTO amenity_reservations (id, amenity_id, account_id, starts_at, ends_at, guests, status, deposit_cents, deposit_status)
VALUES (:id, :amenity_id, :account_id, :starts_at, :ends_at, :guests, :status, :deposit_cents, :deposit_status)
ON CONFLICT (id) DO NOTHING`

const qReservationConfirm = `
UPDATE amenity_reservations
   SET status = 'confirmed', deposit_charge_ref = $2, deposit_status = $3
 WHERE id = $1
   AND status = 'pending'`

const qReservationSetDeposit = `
UPDATE amenity_reservations
   SET deposit_status = $3
 WHERE id = $1
   AND deposit_status = $2`

const qDepositRefundInsert = `
INSERT INTO amenity_deposit_refunds (reservation_id, due_at, amount_cents, status)
VALUES (:reservation_id, :due_at, :amount_cents, :status)`

const qDepositRefundGet = `
SELECT reservation_id, due_at, amount_cents, status, refund_ref
  FROM amenity_deposit_refunds
 WHERE reservation_id = $1`

const qDepositRefundMarkRefunded = `
UPDATE amenity_deposit_refunds
   SET status = 'refunded', refund_ref = $2
 WHERE reservation_id = $1
   AND status = 'scheduled'`

const qDepositRefundsDue = `
SELECT reservation_id
  FROM amenity_deposit_refunds
 WHERE status = 'scheduled'
   AND due_at <= $1
 ORDER BY due_at`

const noticeColumns = `id, account_id, template, subject, body, channels, source_key, created_at`

const qNoticeUpsert = `
INSERT INTO notices (id, account_id, template, subject, body, channels, source_key)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (source_key) DO UPDATE SET source_key = EXCLUDED.source_key
RETURNING ` + noticeColumns + `, (xmax = 0) AS inserted`

const qNoticeGet = `SELECT ` + noticeColumns + ` FROM notices WHERE id = $1`

// Claiming keeps the first delivery row (and its id) for the channel and
// counts the attempt.
const qDeliveryClaim = `
INSERT INTO notice_deliveries (id, notice_id, channel, status)
VALUES ($1, $2, $3, $4)
ON CONFLICT (notice_id, channel) DO UPDATE
   SET attempts = notice_deliveries.attempts + 1, updated_at = now()
RETURNING id, notice_id, channel, status, provider_ref, attempts`

const qDeliveryStatus = `SELECT status FROM notice_deliveries WHERE notice_id = $1 AND channel = $2`

const qDeliveryMarkDelivered = `
INSERT INTO notice_deliveries (id, notice_id, channel, status, provider_ref)
VALUES ($1, $2, $3, 'sent', $4)
ON CONFLICT (notice_id, channel) DO UPDATE
   SET status = 'sent', provider_ref = EXCLUDED.provider_ref, last_error = NULL, updated_at = now()`

const qDeliveryMarkFailed = `
UPDATE notice_deliveries
   SET status = 'failed', last_error = $2, updated_at = now()
 WHERE id = $1
   AND status <> 'sent'`
