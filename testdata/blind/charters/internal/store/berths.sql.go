package store

import (
	"context"
	"time"
)

const berthColumns = `id, trip_id, marina_id, status, partner_ref, berth_code, fee_cents, version, updated_at`

func scanBerth(row interface{ Scan(...any) error }) (BerthRequest, error) {
	var i BerthRequest
	err := row.Scan(&i.ID, &i.TripID, &i.MarinaID, &i.Status, &i.PartnerRef, &i.BerthCode, &i.FeeCents, &i.Version, &i.UpdatedAt)
	return i, err
}

const upsertBerthRequest = `-- name: UpsertBerthRequest :one
INSERT INTO berth_requests (id, trip_id, marina_id) VALUES ($1, $2, $3)
ON CONFLICT (trip_id) DO UPDATE SET updated_at = now()
RETURNING ` + berthColumns

func (q *Queries) UpsertBerthRequest(ctx context.Context, id, tripID, marinaID string) (BerthRequest, error) {
	return scanBerth(q.db.QueryRow(ctx, upsertBerthRequest, id, tripID, marinaID))
}

const getBerthRequest = `-- name: GetBerthRequest :one
SELECT ` + berthColumns + ` FROM berth_requests WHERE id = $1`

func (q *Queries) GetBerthRequest(ctx context.Context, id string) (BerthRequest, error) {
	return scanBerth(q.db.QueryRow(ctx, getBerthRequest, id))
}

const getBerthRequestByTrip = `-- name: GetBerthRequestByTrip :one
SELECT ` + berthColumns + ` FROM berth_requests WHERE trip_id = $1`

func (q *Queries) GetBerthRequestByTrip(ctx context.Context, tripID string) (BerthRequest, error) {
	return scanBerth(q.db.QueryRow(ctx, getBerthRequestByTrip, tripID))
}

const setBerthPartnerRef = `-- name: SetBerthPartnerRef :exec
UPDATE berth_requests SET partner_ref = $2, status = 'submitted', updated_at = now() WHERE id = $1`

func (q *Queries) SetBerthPartnerRef(ctx context.Context, id, partnerRef string) error {
	_, err := q.db.Exec(ctx, setBerthPartnerRef, id, partnerRef)
	return err
}

const confirmBerth = `-- name: ConfirmBerth :exec
UPDATE berth_requests SET status = 'confirmed', berth_code = $2, fee_cents = $3, updated_at = now() WHERE id = $1`

func (q *Queries) ConfirmBerth(ctx context.Context, id, berthCode string, feeCents int64) error {
	_, err := q.db.Exec(ctx, confirmBerth, id, berthCode, feeCents)
	return err
}

const setBerthStatus = `-- name: SetBerthStatus :exec
UPDATE berth_requests SET status = $2, updated_at = now() WHERE id = $1`

func (q *Queries) SetBerthStatus(ctx context.Context, id, status string) error {
	_, err := q.db.Exec(ctx, setBerthStatus, id, status)
	return err
}

const reassignBerth = `-- name: ReassignBerth :execrows
UPDATE berth_requests SET berth_code = $2, version = $3, updated_at = now()
WHERE id = $1 AND status = 'confirmed' AND version < $3`

func (q *Queries) ReassignBerth(ctx context.Context, id, berthCode string, version int32) (int64, error) {
	tag, err := q.db.Exec(ctx, reassignBerth, id, berthCode, version)
	return tag.RowsAffected(), err
}

const marinaBerthTotals = `-- name: MarinaBerthTotals :many
SELECT br.marina_id, count(*)::int, sum(br.fee_cents)::bigint
FROM berth_requests br JOIN trips t ON t.id = br.trip_id
WHERE br.status = 'confirmed' AND t.departs_at >= $1 AND t.departs_at < $2
GROUP BY br.marina_id
ORDER BY br.marina_id`

type MarinaBerthTotal struct {
	MarinaID    string
	BerthCount  int32
	AmountCents int64
}

func (q *Queries) MarinaBerthTotals(ctx context.Context, from, to time.Time) ([]MarinaBerthTotal, error) {
	rows, err := q.db.Query(ctx, marinaBerthTotals, from, to)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []MarinaBerthTotal
	for rows.Next() {
		var i MarinaBerthTotal
		if err := rows.Scan(&i.MarinaID, &i.BerthCount, &i.AmountCents); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const insertHarbourInvoice = `-- name: InsertHarbourInvoice :exec
INSERT INTO harbour_invoices (id, marina_id, period, amount_cents, berth_count)
VALUES ($1, $2, $3, $4, $5)`

type InsertHarbourInvoiceParams struct {
	ID          string
	MarinaID    string
	Period      string
	AmountCents int64
	BerthCount  int32
}

func (q *Queries) InsertHarbourInvoice(ctx context.Context, arg InsertHarbourInvoiceParams) error {
	_, err := q.db.Exec(ctx, insertHarbourInvoice, arg.ID, arg.MarinaID, arg.Period, arg.AmountCents, arg.BerthCount)
	return err
}

const insertFuelOrder = `-- name: InsertFuelOrder :exec
INSERT INTO fuel_orders (id, trip_id, litres, price_cents) VALUES ($1, $2, $3, $4)`

func (q *Queries) InsertFuelOrder(ctx context.Context, id, tripID string, litres int32, priceCents int64) error {
	_, err := q.db.Exec(ctx, insertFuelOrder, id, tripID, litres, priceCents)
	return err
}
