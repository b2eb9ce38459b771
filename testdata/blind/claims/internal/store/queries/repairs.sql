-- name: InsertRepairBooking :one
INSERT INTO repair_bookings (id, claim_id, shop_id, slot_start, status)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT ON CONSTRAINT repair_bookings_slot_key DO NOTHING
RETURNING id;

-- name: GetRepairBooking :one
SELECT * FROM repair_bookings WHERE id = $1;

-- name: GetRepairBookingForUpdate :one
SELECT * FROM repair_bookings WHERE id = $1 FOR UPDATE;

-- name: GetRepairBookingBySlot :one
SELECT * FROM repair_bookings WHERE claim_id = $1 AND shop_id = $2 AND slot_start = $3;

-- name: GetRepairBookingByPartnerRef :one
SELECT * FROM repair_bookings WHERE partner_booking_ref = $1;

-- name: MarkRepairBooked :exec
UPDATE repair_bookings SET partner_booking_ref = $2, status = 'booked', updated_at = now() WHERE id = $1;

-- name: SetRepairBookingStatus :exec
UPDATE repair_bookings SET status = $2, updated_at = now() WHERE id = $1;

-- name: InsertSupplement :execrows
INSERT INTO repair_supplements (booking_id, supplement_no, amount_cents, reason, status)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (booking_id, supplement_no) DO NOTHING;

-- name: GetSupplement :one
SELECT * FROM repair_supplements WHERE booking_id = $1 AND supplement_no = $2;

-- name: MarkSupplementAuthorized :exec
UPDATE repair_supplements SET status = 'authorized', partner_ref = $3 WHERE booking_id = $1 AND supplement_no = $2;

-- name: InsertDocument :one
INSERT INTO documents (id, claim_id, sha256, s3_key, content_type, size_bytes, doc_type)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT ON CONSTRAINT documents_claim_sha_key DO NOTHING
RETURNING id;

-- name: GetDocumentBySHA :one
SELECT * FROM documents WHERE claim_id = $1 AND sha256 = $2;
