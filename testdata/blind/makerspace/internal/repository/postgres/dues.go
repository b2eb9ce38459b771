package postgres

import (
	"context"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/kerfhall/makerspace/internal/domain"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
)

// DuesRepo implements repository.DuesRepository.
type DuesRepo struct{ db *sqlx.DB }

func NewDuesRepo(db *sqlx.DB) *DuesRepo { return &DuesRepo{db: db} }

const invoiceColumns = `id, member_id, period, amount_cents, status, processor_charge_id,
	failure_count, last_failure_code, paid_at, created_at, updated_at`

// CreateCycleInvoices opens an invoice for every billable member that does not
// have one for period yet. It returns the number of invoices created.
func (r *DuesRepo) CreateCycleInvoices(ctx context.Context, period string, newID func() string) (int64, error) {
	q := dbx.Conn(ctx, r.db)
	var members []struct {
		ID    string `db:"id"`
		Cents int64  `db:"monthly_dues_cents"`
	}
	if err := q.SelectContext(ctx, &members, `
		SELECT id, monthly_dues_cents FROM members
		 WHERE status IN ('active', 'past_due') AND monthly_dues_cents > 0
		 ORDER BY id`); err != nil {
		return 0, err
	}
	var created int64
	for _, m := range members {
		res, err := q.ExecContext(ctx, `
			INSERT INTO dues_invoices (id, member_id, period, amount_cents)
			VALUES ($1, $2, $3, $4)
			ON CONFLICT ON CONSTRAINT dues_invoices_member_period_key DO NOTHING`,
			newID(), m.ID, period, m.Cents)
		if err != nil {
			return created, err
		}
		created += dbx.RowsAffected(res)
	}
	return created, nil
}

func (r *DuesRepo) ListCollectable(ctx context.Context, period string) ([]domain.Invoice, error) {
	var out []domain.Invoice
	err := dbx.Conn(ctx, r.db).SelectContext(ctx, &out, `SELECT `+invoiceColumns+` FROM dues_invoices
		WHERE period = $1 AND status IN ('open', 'failed') ORDER BY id`, period)
	return out, err
}

func (r *DuesRepo) Get(ctx context.Context, id string) (*domain.Invoice, error) {
	var inv domain.Invoice
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &inv, `SELECT `+invoiceColumns+` FROM dues_invoices WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err, "invoice "+id)
	}
	return &inv, nil
}

func (r *DuesRepo) GetForUpdate(ctx context.Context, id string) (*domain.Invoice, error) {
	var inv domain.Invoice
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &inv, `SELECT `+invoiceColumns+` FROM dues_invoices WHERE id = $1 FOR UPDATE`, id)
	if err != nil {
		return nil, notFound(err, "invoice "+id)
	}
	return &inv, nil
}

func (r *DuesRepo) GetByCharge(ctx context.Context, chargeID string) (*domain.Invoice, error) {
	var inv domain.Invoice
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &inv, `SELECT `+invoiceColumns+` FROM dues_invoices WHERE processor_charge_id = $1`, chargeID)
	if err != nil {
		return nil, notFound(err, "invoice for charge "+chargeID)
	}
	return &inv, nil
}

func (r *DuesRepo) MarkProcessing(ctx context.Context, id string, now time.Time) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE dues_invoices SET status = 'processing', updated_at = $2
		 WHERE id = $1 AND status IN ('open', 'failed')`, id, now)
	return err
}

func (r *DuesRepo) AttachCharge(ctx context.Context, id, chargeID string, now time.Time) error {
	_, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE dues_invoices SET processor_charge_id = $2, updated_at = $3
		 WHERE id = $1`, id, chargeID, now)
	return err
}

// MarkPaid settles the invoice; it reports false when it was already paid.
func (r *DuesRepo) MarkPaid(ctx context.Context, id, chargeID string, at time.Time) (bool, error) {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		UPDATE dues_invoices
		   SET status = 'paid', processor_charge_id = $2, paid_at = $3, updated_at = $3
		 WHERE id = $1 AND status <> 'paid'`, id, chargeID, at)
	if err != nil {
		return false, err
	}
	return dbx.RowsAffected(res) == 1, nil
}

// RecordFailure bumps the failure count and returns the new count.
func (r *DuesRepo) RecordFailure(ctx context.Context, id, code string, now time.Time) (int, error) {
	var n int
	err := dbx.Conn(ctx, r.db).GetContext(ctx, &n, `
		UPDATE dues_invoices
		   SET status = 'failed', failure_count = failure_count + 1, last_failure_code = $2, updated_at = $3
		 WHERE id = $1 AND status <> 'paid'
		RETURNING failure_count`, id, code, now)
	if err != nil {
		return 0, notFound(err, "unpaid invoice "+id)
	}
	return n, nil
}

func (r *DuesRepo) AppendAttempt(ctx context.Context, a *domain.PaymentAttempt) error {
	_, err := dbx.Conn(ctx, r.db).NamedExecContext(ctx, `
		INSERT INTO payment_attempts (id, invoice_id, idempotency_key, channel, outcome, detail, created_at)
		VALUES (:id, :invoice_id, :idempotency_key, :channel, :outcome, :detail, :created_at)`, a)
	return err
}

// EventRepo implements repository.EventRepository.
type EventRepo struct{ db *sqlx.DB }

func NewEventRepo(db *sqlx.DB) *EventRepo { return &EventRepo{db: db} }

// Seen is a cheap pre-check used before doing any work for a webhook.
func (r *EventRepo) Seen(ctx context.Context, source, eventID string) (bool, error) {
	var ok bool
	err := r.db.GetContext(ctx, &ok,
		`SELECT EXISTS (SELECT 1 FROM processed_events WHERE source = $1 AND event_id = $2)`, source, eventID)
	return ok, err
}

// Record marks an event as processed. It goes straight to the pool so a slow
// webhook transaction never holds the row lock other deliveries check against.
func (r *EventRepo) Record(ctx context.Context, source, eventID string) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO processed_events (source, event_id) VALUES ($1, $2)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID)
	return err
}

func (r *EventRepo) Claim(ctx context.Context, source, eventID string) (bool, error) {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		INSERT INTO processed_events (source, event_id) VALUES ($1, $2)
		ON CONFLICT (source, event_id) DO NOTHING`, source, eventID)
	if err != nil {
		return false, err
	}
	return dbx.RowsAffected(res) == 1, nil
}

// ProcessedMessageRepo implements repository.ProcessedMessageRepository.
type ProcessedMessageRepo struct{ db *sqlx.DB }

func NewProcessedMessageRepo(db *sqlx.DB) *ProcessedMessageRepo { return &ProcessedMessageRepo{db: db} }

func (r *ProcessedMessageRepo) Claim(ctx context.Context, stream, consumer string, seq uint64) (bool, error) {
	res, err := dbx.Conn(ctx, r.db).ExecContext(ctx, `
		INSERT INTO processed_messages (stream, consumer, stream_seq) VALUES ($1, $2, $3)
		ON CONFLICT DO NOTHING`, stream, consumer, int64(seq))
	if err != nil {
		return false, err
	}
	return dbx.RowsAffected(res) == 1, nil
}
