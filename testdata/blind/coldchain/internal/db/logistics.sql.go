package db

import (
	"context"
	"encoding/json"
	"time"
)

const upsertRequestedBooking = `-- name: UpsertRequestedBooking :one
INSERT INTO carrier_bookings (id, shipment_id, status)
VALUES ($1, $2, 'requested')
ON CONFLICT (shipment_id) DO UPDATE
    SET updated_at = now()
RETURNING ` + CarrierBookingColumns

// UpsertRequestedBooking returns the shipment's booking row, creating it on
// first use. An existing row keeps its id and status.
func (q *Queries) UpsertRequestedBooking(ctx context.Context, id, shipmentID string) (CarrierBooking, error) {
	return ScanCarrierBooking(q.db.QueryRow(ctx, upsertRequestedBooking, id, shipmentID))
}

const confirmCarrierBooking = `-- name: ConfirmCarrierBooking :exec
UPDATE carrier_bookings
SET status = 'confirmed', carrier_ref = $2, truck_plate = $3, updated_at = now()
WHERE id = $1`

func (q *Queries) ConfirmCarrierBooking(ctx context.Context, id, carrierRef, truckPlate string) error {
	_, err := q.db.Exec(ctx, confirmCarrierBooking, id, carrierRef, truckPlate)
	return err
}

const rejectCarrierBooking = `-- name: RejectCarrierBooking :exec
UPDATE carrier_bookings SET status = 'rejected', updated_at = now() WHERE id = $1 AND status = 'requested'`

func (q *Queries) RejectCarrierBooking(ctx context.Context, id string) error {
	_, err := q.db.Exec(ctx, rejectCarrierBooking, id)
	return err
}

const insertCustomsFiling = `-- name: InsertCustomsFiling :exec
INSERT INTO customs_filings (id, shipment_id, kind, submitter_ref, status, payload)
VALUES ($1, $2, $3, $4, $5, $6)`

type InsertCustomsFilingParams struct {
	ID           string
	ShipmentID   string
	Kind         string
	SubmitterRef string
	Status       string
	Payload      json.RawMessage
}

func (q *Queries) InsertCustomsFiling(ctx context.Context, arg InsertCustomsFilingParams) error {
	_, err := q.db.Exec(ctx, insertCustomsFiling, arg.ID, arg.ShipmentID, arg.Kind, arg.SubmitterRef, arg.Status, arg.Payload)
	return err
}

const insertCustomsAmendment = `-- name: InsertCustomsAmendment :exec
INSERT INTO customs_filings (id, shipment_id, kind, submitter_ref, entry_number, status, payload, submitted_at)
VALUES ($1, $2, 'amendment', $3, $4, 'submitted', $5, $6)
ON CONFLICT (submitter_ref) DO NOTHING`

type InsertCustomsAmendmentParams struct {
	ID           string
	ShipmentID   string
	SubmitterRef string
	EntryNumber  string
	Payload      json.RawMessage
	SubmittedAt  time.Time
}

func (q *Queries) InsertCustomsAmendment(ctx context.Context, arg InsertCustomsAmendmentParams) error {
	_, err := q.db.Exec(ctx, insertCustomsAmendment, arg.ID, arg.ShipmentID, arg.SubmitterRef, arg.EntryNumber, arg.Payload, arg.SubmittedAt)
	return err
}

const markFilingSubmitted = `-- name: MarkFilingSubmitted :exec
UPDATE customs_filings
SET status = 'submitted', entry_number = $2, submitted_at = $3
WHERE id = $1`

func (q *Queries) MarkFilingSubmitted(ctx context.Context, id, entryNumber string, at time.Time) error {
	_, err := q.db.Exec(ctx, markFilingSubmitted, id, entryNumber, at)
	return err
}
