package store

import (
	"context"

	"github.com/google/uuid"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/platform/db"
)

type Fines struct{}

func NewFines() *Fines { return &Fines{} }

// InsertIgnore stores a fine unless the issuer's reference is already
// known. It reports whether a row was inserted.
func (Fines) InsertIgnore(ctx context.Context, q db.Ext, f domain.Fine) (bool, error) {
	res, err := sqlxNamedExec(ctx, q, `
		INSERT INTO fines (id, issuer, reference, plate, issued_at, amount_cents, rental_id, customer_id, status)
		VALUES (:id, :issuer, :reference, :plate, :issued_at, :amount_cents, :rental_id, :customer_id, :status)
		ON CONFLICT (issuer, reference) DO NOTHING`, f)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (Fines) Get(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Fine, error) {
	var f domain.Fine
	err := q.GetContext(ctx, &f, `SELECT * FROM fines WHERE id = $1`, id)
	return f, notFound(err, "fine")
}

func (Fines) GetForUpdate(ctx context.Context, q db.Ext, id uuid.UUID) (domain.Fine, error) {
	var f domain.Fine
	err := q.GetContext(ctx, &f, `SELECT * FROM fines WHERE id = $1 FOR UPDATE`, id)
	return f, notFound(err, "fine")
}

// AssignRental links a fine to the rental and customer responsible for it.
func (Fines) AssignRental(ctx context.Context, q db.Ext, id, rentalID, customerID uuid.UUID) error {
	_, err := q.ExecContext(ctx, `
		UPDATE fines SET rental_id = $2, customer_id = $3, status = 'matched'
		 WHERE id = $1 AND status = 'unmatched'`, id, rentalID, customerID)
	return err
}

// SetStatus changes a fine's status.
func (Fines) SetStatus(ctx context.Context, q db.Ext, id uuid.UUID, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE fines SET status = $2 WHERE id = $1`, id, status)
	return err
}

// MatchedAmong returns the ids, out of the given ones, of fines that are
// matched to a rental and not yet recharged.
func (Fines) MatchedAmong(ctx context.Context, q db.Ext, ids []string) ([]uuid.UUID, error) {
	var out []uuid.UUID
	err := q.SelectContext(ctx, &out, `SELECT id FROM fines WHERE id = ANY($1::uuid[]) AND status = 'matched'`, ids)
	return out, err
}

// InsertDispute stores a dispute unless the fine already has one. It
// reports whether a row was inserted.
func (Fines) InsertDispute(ctx context.Context, q db.Ext, d domain.FineDispute) (bool, error) {
	res, err := q.ExecContext(ctx, `
		INSERT INTO fine_disputes (fine_id, customer_id, reason, status) VALUES ($1, $2, $3, 'open')
		ON CONFLICT (fine_id) DO NOTHING`, d.FineID, d.CustomerID, d.Reason)
	if err != nil {
		return false, err
	}
	n, err := affected(res)
	return n == 1, err
}

func (Fines) GetDispute(ctx context.Context, q db.Ext, fineID uuid.UUID) (domain.FineDispute, error) {
	var d domain.FineDispute
	err := q.GetContext(ctx, &d, `SELECT * FROM fine_disputes WHERE fine_id = $1`, fineID)
	return d, notFound(err, "dispute")
}

// InsertRecharge records the card payment that recharged a fine.
func (Fines) InsertRecharge(ctx context.Context, q db.Ext, r domain.FineRecharge) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO fine_recharges (fine_id, intent_id, amount_cents) VALUES ($1, $2, $3)`,
		r.FineID, r.IntentID, r.AmountCents)
	return err
}
