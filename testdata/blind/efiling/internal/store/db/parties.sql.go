package db

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

const getFirm = `-- name: GetFirm :one
SELECT id, name, stripe_customer_id, default_payment_method, created_at FROM firms WHERE id = $1`

func (q *Queries) GetFirm(ctx context.Context, id uuid.UUID) (Firm, error) {
	var f Firm
	err := q.db.QueryRow(ctx, getFirm, id).Scan(&f.ID, &f.Name, &f.StripeCustomerID,
		&f.DefaultPaymentMethod, &f.CreatedAt)
	return f, err
}

const firmForAPIKey = `-- name: FirmForAPIKey :one
SELECT firm_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL`

func (q *Queries) FirmForAPIKey(ctx context.Context, keyHash []byte) (uuid.UUID, error) {
	var id uuid.UUID
	err := q.db.QueryRow(ctx, firmForAPIKey, keyHash).Scan(&id)
	return id, err
}

const getAttorney = `-- name: GetAttorney :one
SELECT id, firm_id, full_name, email, phone, bar_number, created_at FROM attorneys WHERE id = $1`

func (q *Queries) GetAttorney(ctx context.Context, id uuid.UUID) (Attorney, error) {
	var a Attorney
	err := q.db.QueryRow(ctx, getAttorney, id).Scan(&a.ID, &a.FirmID, &a.FullName, &a.Email,
		&a.Phone, &a.BarNumber, &a.CreatedAt)
	return a, err
}

const getMatter = `-- name: GetMatter :one
SELECT id, firm_id, court_code, case_number, title, created_at FROM matters WHERE id = $1`

func (q *Queries) GetMatter(ctx context.Context, id uuid.UUID) (Matter, error) {
	var m Matter
	err := q.db.QueryRow(ctx, getMatter, id).Scan(&m.ID, &m.FirmID, &m.CourtCode, &m.CaseNumber,
		&m.Title, &m.CreatedAt)
	return m, err
}

const listServiceContacts = `-- name: ListServiceContacts :many
SELECT id, matter_id, name, email FROM service_contacts WHERE matter_id = $1 ORDER BY email`

func (q *Queries) ListServiceContacts(ctx context.Context, matterID uuid.UUID) ([]ServiceContact, error) {
	rows, err := q.db.Query(ctx, listServiceContacts, matterID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []ServiceContact
	for rows.Next() {
		var c ServiceContact
		if err := rows.Scan(&c.ID, &c.MatterID, &c.Name, &c.Email); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

const insertEServiceDelivery = `-- name: InsertEServiceDelivery :exec
INSERT INTO eservice_deliveries (id, filing_id, recipient_email, gateway_receipt_id, served_at)
VALUES ($1, $2, $3, $4, $5)`

type InsertEServiceDeliveryParams struct {
	ID               uuid.UUID
	FilingID         uuid.UUID
	RecipientEmail   string
	GatewayReceiptID string
	ServedAt         time.Time
}

func (q *Queries) InsertEServiceDelivery(ctx context.Context, arg InsertEServiceDeliveryParams) error {
	_, err := q.db.Exec(ctx, insertEServiceDelivery, arg.ID, arg.FilingID, arg.RecipientEmail,
		arg.GatewayReceiptID, arg.ServedAt)
	return err
}

const serviceRequestColumns = `id, filing_id, firm_id, party_name, address_line1, address_line2, city,
	region, postal_code, instructions, rush, status, booking_id, served_at, served_to, affidavit_url,
	failure_reason, created_at, updated_at`

func scanServiceRequest(row pgx.Row) (ServiceRequest, error) {
	var s ServiceRequest
	err := row.Scan(&s.ID, &s.FilingID, &s.FirmID, &s.PartyName, &s.AddressLine1, &s.AddressLine2,
		&s.City, &s.Region, &s.PostalCode, &s.Instructions, &s.Rush, &s.Status, &s.BookingID,
		&s.ServedAt, &s.ServedTo, &s.AffidavitURL, &s.FailureReason, &s.CreatedAt, &s.UpdatedAt)
	return s, err
}

const getServiceRequestByBooking = `-- name: GetServiceRequestByBooking :one
SELECT ` + serviceRequestColumns + ` FROM service_requests WHERE booking_id = $1`

func (q *Queries) GetServiceRequestByBooking(ctx context.Context, bookingID string) (ServiceRequest, error) {
	return scanServiceRequest(q.db.QueryRow(ctx, getServiceRequestByBooking, bookingID))
}

const setServiceBooking = `-- name: SetServiceBooking :execrows
UPDATE service_requests SET booking_id = $2, status = 'booked', updated_at = now()
WHERE id = $1 AND booking_id IS NULL`

func (q *Queries) SetServiceBooking(ctx context.Context, id uuid.UUID, bookingID string) (int64, error) {
	tag, err := q.db.Exec(ctx, setServiceBooking, id, bookingID)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const markServiceServed = `-- name: MarkServiceServed :one
UPDATE service_requests
SET status = 'served', served_at = $2, served_to = $3, affidavit_url = $4, updated_at = now()
WHERE booking_id = $1 AND status IN ('pending', 'booked')
RETURNING ` + serviceRequestColumns

// MarkServiceServed moves a booked request to served. ok is false when the
// request was already in a terminal state.
func (q *Queries) MarkServiceServed(ctx context.Context, bookingID string, servedAt time.Time, servedTo, affidavitURL string) (ServiceRequest, bool, error) {
	sr, err := scanServiceRequest(q.db.QueryRow(ctx, markServiceServed, bookingID, servedAt, servedTo, affidavitURL))
	if err == pgx.ErrNoRows {
		return ServiceRequest{}, false, nil
	}
	if err != nil {
		return ServiceRequest{}, false, err
	}
	return sr, true, nil
}

const markServiceFailed = `-- name: MarkServiceFailed :exec
UPDATE service_requests SET status = 'failed', failure_reason = $2, updated_at = now()
WHERE booking_id = $1`

func (q *Queries) MarkServiceFailed(ctx context.Context, bookingID, reason string) error {
	_, err := q.db.Exec(ctx, markServiceFailed, bookingID, reason)
	return err
}

const markServiceCancelled = `-- name: MarkServiceCancelled :execrows
UPDATE service_requests SET status = 'cancelled', updated_at = now()
WHERE id = $1 AND status IN ('pending', 'booked')`

func (q *Queries) MarkServiceCancelled(ctx context.Context, id uuid.UUID) (int64, error) {
	tag, err := q.db.Exec(ctx, markServiceCancelled, id)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}
