package db

import (
	"context"
)

const refillColumns = `id, prescription_id, clinic_id, owner_id, status, quantity, owner_note,
       client_request_id, decided_by, decision_note, decided_at, created_at`

func scanRefill(row interface{ Scan(...any) error }) (RefillRequest, error) {
	var r RefillRequest
	err := row.Scan(&r.ID, &r.PrescriptionID, &r.ClinicID, &r.OwnerID, &r.Status, &r.Quantity,
		&r.OwnerNote, &r.ClientRequestID, &r.DecidedBy, &r.DecisionNote, &r.DecidedAt, &r.CreatedAt)
	return r, err
}

const insertRefillRequest = `
INSERT INTO refill_requests (id, prescription_id, clinic_id, owner_id, quantity, owner_note)
VALUES ($1, $2, $3, $4, $5, $6)
RETURNING ` + refillColumns

type InsertRefillRequestParams struct {
	ID             string
	PrescriptionID string
	ClinicID       string
	OwnerID        string
	Quantity       int32
	OwnerNote      *string
}

func (q *Queries) InsertRefillRequest(ctx context.Context, arg InsertRefillRequestParams) (RefillRequest, error) {
	row := q.db.QueryRow(ctx, insertRefillRequest, arg.ID, arg.PrescriptionID, arg.ClinicID, arg.OwnerID, arg.Quantity, arg.OwnerNote)
	return scanRefill(row)
}

const insertClinicRefillRequest = `
INSERT INTO refill_requests (id, prescription_id, clinic_id, owner_id, quantity, client_request_id, status, decided_by, decided_at)
VALUES ($1, $2, $3, $4, $5, $6, 'approved', $7, now())
ON CONFLICT (clinic_id, client_request_id) DO NOTHING
RETURNING ` + refillColumns

type InsertClinicRefillRequestParams struct {
	ID              string
	PrescriptionID  string
	ClinicID        string
	OwnerID         string
	Quantity        int32
	ClientRequestID string
	DecidedBy       string
}

// InsertClinicRefillRequest returns pgx.ErrNoRows when the clinic already sent
// this client_request_id.
func (q *Queries) InsertClinicRefillRequest(ctx context.Context, arg InsertClinicRefillRequestParams) (RefillRequest, error) {
	row := q.db.QueryRow(ctx, insertClinicRefillRequest, arg.ID, arg.PrescriptionID, arg.ClinicID, arg.OwnerID,
		arg.Quantity, arg.ClientRequestID, arg.DecidedBy)
	return scanRefill(row)
}

const getRefillByClientRequestID = `SELECT ` + refillColumns + ` FROM refill_requests WHERE clinic_id = $1 AND client_request_id = $2`

func (q *Queries) GetRefillByClientRequestID(ctx context.Context, clinicID, clientRequestID string) (RefillRequest, error) {
	return scanRefill(q.db.QueryRow(ctx, getRefillByClientRequestID, clinicID, clientRequestID))
}

const getRefillRequest = `SELECT ` + refillColumns + ` FROM refill_requests WHERE id = $1`

func (q *Queries) GetRefillRequest(ctx context.Context, id string) (RefillRequest, error) {
	return scanRefill(q.db.QueryRow(ctx, getRefillRequest, id))
}

const decideRefillRequest = `
UPDATE refill_requests
SET status = $2, decided_by = $3, decision_note = $4, quantity = COALESCE($5, quantity), decided_at = now()
WHERE id = $1 AND status = 'pending'
`

type DecideRefillRequestParams struct {
	ID           string
	Status       string
	DecidedBy    string
	DecisionNote *string
	Quantity     *int32
}

// DecideRefillRequest moves a pending request to approved or declined and
// returns the number of rows it changed.
func (q *Queries) DecideRefillRequest(ctx context.Context, arg DecideRefillRequestParams) (int64, error) {
	tag, err := q.db.Exec(ctx, decideRefillRequest, arg.ID, arg.Status, arg.DecidedBy, arg.DecisionNote, arg.Quantity)
	if err != nil {
		return 0, err
	}
	return tag.RowsAffected(), nil
}

const expireStaleRefillRequests = `
UPDATE refill_requests
SET status = 'expired', decided_at = now(), decided_by = 'system'
WHERE status = 'pending' AND created_at < now() - make_interval(days => $1)
RETURNING id
`

func (q *Queries) ExpireStaleRefillRequests(ctx context.Context, olderThanDays int32) ([]string, error) {
	rows, err := q.db.Query(ctx, expireStaleRefillRequests, olderThanDays)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
