package store

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/vowhall/venues/internal/domain"
	"github.com/vowhall/venues/internal/platform/dbx"
)

const instalmentColumns = `id, booking_id, seq, due_date, amount_cents, status, failure_count,
	provider_charge_id, paid_at, created_at, updated_at`

const (
	// Re-planning keeps the row id of an existing instalment so tasks and
	// reminders that reference it stay valid; paid rows are left alone.
	upsertInstalmentSQL = `
INSERT INTO instalments (id, booking_id, seq, due_date, amount_cents, status, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, 'scheduled', now(), now())
ON CONFLICT (booking_id, seq) DO UPDATE
SET due_date = EXCLUDED.due_date, amount_cents = EXCLUDED.amount_cents, updated_at = now()
WHERE instalments.status IN ('scheduled', 'failed')
RETURNING ` + instalmentColumns

	getInstalmentBySeqSQL = `SELECT ` + instalmentColumns + ` FROM instalments WHERE booking_id = $1 AND seq = $2`

	trimPlanSQL = `
UPDATE instalments SET status = 'cancelled', updated_at = now()
WHERE booking_id = $1 AND seq > $2 AND status IN ('scheduled', 'failed')`

	getInstalmentSQL = `SELECT ` + instalmentColumns + ` FROM instalments WHERE id = $1`

	listPlanSQL = `SELECT ` + instalmentColumns + ` FROM instalments WHERE booking_id = $1 ORDER BY seq`

	markInstalmentProcessingSQL = `
UPDATE instalments SET status = 'processing', updated_at = now()
WHERE id = $1 AND status IN ('scheduled', 'failed', 'processing')`

	markInstalmentPaidSQL = `
UPDATE instalments SET status = 'paid', provider_charge_id = $2, paid_at = $3, updated_at = now()
WHERE id = $1 AND status <> 'paid'`

	markInstalmentFailedSQL = `
UPDATE instalments SET status = 'failed', failure_count = failure_count + 1, updated_at = now()
WHERE id = $1 AND status IN ('scheduled', 'processing', 'failed')`

	cancelOpenInstalmentsSQL = `
UPDATE instalments SET status = 'cancelled', updated_at = now()
WHERE booking_id = $1 AND status IN ('scheduled', 'failed')`

	listDueInstalmentsSQL = `
SELECT i.id, i.booking_id, i.seq, i.due_date, i.amount_cents, i.status, i.failure_count,
       i.provider_charge_id, i.paid_at, i.created_at, i.updated_at
FROM instalments i
JOIN bookings b ON b.id = i.booking_id
WHERE i.status = 'scheduled' AND i.due_date <= $1 AND b.status = 'confirmed'
ORDER BY i.due_date
LIMIT $2`
)

type Instalments struct{ db *sqlx.DB }

func NewInstalments(db *sqlx.DB) *Instalments { return &Instalments{db: db} }

// Upsert writes the instalment keyed by (booking_id, seq) and returns the
// stored row. A paid instalment is returned unchanged.
func (r *Instalments) Upsert(ctx context.Context, in domain.Instalment) (domain.Instalment, error) {
	q := dbx.Conn(ctx, r.db)
	out, err := dbx.Get[domain.Instalment](ctx, q, upsertInstalmentSQL, in.ID, in.BookingID, in.Seq, in.DueDate, in.AmountCents)
	if err == nil {
		return out, nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return domain.Instalment{}, err
	}
	// The conflict row was not updatable (already paid or in flight).
	return dbx.Get[domain.Instalment](ctx, q, getInstalmentBySeqSQL, in.BookingID, in.Seq)
}

// TrimAfter cancels open instalments beyond the last seq of a new plan.
func (r *Instalments) TrimAfter(ctx context.Context, bookingID uuid.UUID, lastSeq int) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), trimPlanSQL, bookingID, lastSeq)
	return err
}

func (r *Instalments) Get(ctx context.Context, id uuid.UUID) (domain.Instalment, error) {
	return dbx.Get[domain.Instalment](ctx, dbx.Conn(ctx, r.db), getInstalmentSQL, id)
}

func (r *Instalments) ListPlan(ctx context.Context, bookingID uuid.UUID) ([]domain.Instalment, error) {
	return dbx.Select[domain.Instalment](ctx, dbx.Conn(ctx, r.db), listPlanSQL, bookingID)
}

func (r *Instalments) MarkProcessing(ctx context.Context, id uuid.UUID) (bool, error) {
	n, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), markInstalmentProcessingSQL, id)
	return n == 1, err
}

// MarkPaid reports false when the instalment was already paid.
func (r *Instalments) MarkPaid(ctx context.Context, id uuid.UUID, chargeID string, at time.Time) (bool, error) {
	n, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), markInstalmentPaidSQL, id, chargeID, at)
	return n == 1, err
}

func (r *Instalments) MarkFailed(ctx context.Context, id uuid.UUID) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), markInstalmentFailedSQL, id)
	return err
}

func (r *Instalments) CancelOpen(ctx context.Context, bookingID uuid.UUID) error {
	_, err := dbx.Exec(ctx, dbx.Conn(ctx, r.db), cancelOpenInstalmentsSQL, bookingID)
	return err
}

func (r *Instalments) ListDue(ctx context.Context, day time.Time, limit int) ([]domain.Instalment, error) {
	return dbx.Select[domain.Instalment](ctx, dbx.Conn(ctx, r.db), listDueInstalmentsSQL, day, limit)
}
