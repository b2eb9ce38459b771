package db

import (
	"context"
	"database/sql"
	"time"
)

const insertClaim = `-- name: InsertClaim :execrows
INSERT INTO claims (
    id, policy_id, clinic_code, vet_invoice_number, source, condition,
    treatment_date, claimed_cents, currency, pay_vet_direct
) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
ON CONFLICT (policy_id, vet_invoice_number) DO NOTHING`

// InsertClaim inserts the claim unless the same invoice was already claimed
// against the policy. It reports whether a row was written.
func (q *Queries) InsertClaim(ctx context.Context, c Claim) (bool, error) {
	res, err := q.db.ExecContext(ctx, insertClaim,
		c.ID, c.PolicyID, c.ClinicCode, c.VetInvoiceNumber, c.Source, c.Condition,
		c.TreatmentDate, c.ClaimedCents, c.Currency, c.PayVetDirect)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const claimColumns = `id, policy_id, clinic_code, vet_invoice_number, source, condition,
    treatment_date, claimed_cents, approved_cents, currency, pay_vet_direct, status`

func scanClaim(row interface{ Scan(...any) error }) (Claim, error) {
	var c Claim
	err := row.Scan(&c.ID, &c.PolicyID, &c.ClinicCode, &c.VetInvoiceNumber, &c.Source, &c.Condition,
		&c.TreatmentDate, &c.ClaimedCents, &c.ApprovedCents, &c.Currency, &c.PayVetDirect, &c.Status)
	return c, notFound(err)
}

const getClaim = `-- name: GetClaim :one
SELECT ` + claimColumns + ` FROM claims WHERE id = $1`

func (q *Queries) GetClaim(ctx context.Context, id string) (Claim, error) {
	return scanClaim(q.db.QueryRowContext(ctx, getClaim, id))
}

const getClaimByInvoice = `-- name: GetClaimByInvoice :one
SELECT ` + claimColumns + ` FROM claims WHERE policy_id = $1 AND vet_invoice_number = $2`

func (q *Queries) GetClaimByInvoice(ctx context.Context, policyID, invoice string) (Claim, error) {
	return scanClaim(q.db.QueryRowContext(ctx, getClaimByInvoice, policyID, invoice))
}

const setClaimDecision = `-- name: SetClaimDecision :exec
UPDATE claims SET status = $2, approved_cents = $3, decision_note = $4, updated_at = now()
WHERE id = $1`

func (q *Queries) SetClaimDecision(ctx context.Context, id, status string, approvedCents sql.NullInt64, note string) error {
	_, err := q.db.ExecContext(ctx, setClaimDecision, id, status, approvedCents, note)
	return err
}

const insertPartnerEvent = `-- name: InsertPartnerEvent :execrows
INSERT INTO partner_events (partner, event_id, event_type) VALUES ($1, $2, $3)
ON CONFLICT (partner, event_id) DO NOTHING`

// InsertPartnerEvent claims an inbound partner event id; false means the
// event was already processed.
func (q *Queries) InsertPartnerEvent(ctx context.Context, partner, eventID, eventType string) (bool, error) {
	res, err := q.db.ExecContext(ctx, insertPartnerEvent, partner, eventID, eventType)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

type ClaimDocument struct {
	ID          string
	ClaimID     string
	SHA256      string
	BlobKey     string
	ContentType string
	SizeBytes   int64
}

const insertClaimDocument = `-- name: InsertClaimDocument :one
INSERT INTO claim_documents (id, claim_id, sha256, blob_key, content_type, size_bytes)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (claim_id, sha256) DO UPDATE SET sha256 = EXCLUDED.sha256
RETURNING id`

// InsertClaimDocument returns the id of the document row for (claim, sha256),
// creating it if needed.
func (q *Queries) InsertClaimDocument(ctx context.Context, d ClaimDocument) (string, error) {
	var id string
	err := q.db.QueryRowContext(ctx, insertClaimDocument,
		d.ID, d.ClaimID, d.SHA256, d.BlobKey, d.ContentType, d.SizeBytes).Scan(&id)
	return id, err
}

type TreatmentEstimate struct {
	ID             string
	PolicyID       string
	ClinicCode     string
	EstimateRef    string
	EstimatedCents int64
	Status         string
}

const insertTreatmentEstimate = `-- name: InsertTreatmentEstimate :exec
INSERT INTO treatment_estimates (id, policy_id, clinic_code, estimate_ref, estimated_cents, status)
VALUES ($1, $2, $3, $4, $5, $6)`

func (q *Queries) InsertTreatmentEstimate(ctx context.Context, e TreatmentEstimate) error {
	_, err := q.db.ExecContext(ctx, insertTreatmentEstimate,
		e.ID, e.PolicyID, e.ClinicCode, e.EstimateRef, e.EstimatedCents, e.Status)
	return err
}

const insertVetBooking = `-- name: InsertVetBooking :exec
INSERT INTO vet_bookings (id, policy_id, clinic_code, slot_start, kind)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (id) DO NOTHING`

func (q *Queries) InsertVetBooking(ctx context.Context, id, policyID, clinicCode string, slot time.Time, kind string) error {
	_, err := q.db.ExecContext(ctx, insertVetBooking, id, policyID, clinicCode, slot, kind)
	return err
}

const insertRecordsRequest = `-- name: InsertRecordsRequest :exec
INSERT INTO records_requests (claim_id, clinic_code, vetnet_request_id)
VALUES ($1, $2, $3)
ON CONFLICT (claim_id) DO NOTHING`

func (q *Queries) InsertRecordsRequest(ctx context.Context, claimID, clinicCode, requestID string) error {
	_, err := q.db.ExecContext(ctx, insertRecordsRequest, claimID, clinicCode, requestID)
	return err
}

const insertVetDecisionNotice = `-- name: InsertVetDecisionNotice :exec
INSERT INTO vet_decision_notices (notice_id, claim_id, decision) VALUES ($1, $2, $3)`

func (q *Queries) InsertVetDecisionNotice(ctx context.Context, noticeID, claimID, decision string) error {
	_, err := q.db.ExecContext(ctx, insertVetDecisionNotice, noticeID, claimID, decision)
	return err
}

const getClinicByCode = `-- name: GetClinicByCode :one
SELECT id, clinic_code, name, postcode, callback_url, stripe_account, status
FROM clinics WHERE clinic_code = $1`

func (q *Queries) GetClinicByCode(ctx context.Context, code string) (Clinic, error) {
	var c Clinic
	err := q.db.QueryRowContext(ctx, getClinicByCode, code).Scan(
		&c.ID, &c.ClinicCode, &c.Name, &c.Postcode, &c.CallbackURL, &c.StripeAccount, &c.Status)
	return c, notFound(err)
}

const countClaimDocuments = `-- name: CountClaimDocuments :one
SELECT count(*) FROM claim_documents WHERE claim_id = $1`

func (q *Queries) CountClaimDocuments(ctx context.Context, claimID string) (int, error) {
	var n int
	err := q.db.QueryRowContext(ctx, countClaimDocuments, claimID).Scan(&n)
	return n, err
}
