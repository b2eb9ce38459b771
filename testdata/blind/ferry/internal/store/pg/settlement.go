package pg

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/northsound/ferrydesk/internal/domain"
)

type settlements struct{ db Querier }

// StartRun appends an audit row for this execution of the settlement job.
// Every attempt gets its own row so operators can see retries.
func (r settlements) StartRun(ctx context.Context, run domain.SettlementRun) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO settlement_runs (id, business_date, started_at) VALUES ($1, $2, $3)`,
		run.ID, run.BusinessDate, run.StartedAt)
	return translate(err, "start settlement run")
}

func (r settlements) FinishRun(ctx context.Context, id uuid.UUID, outcome string, at time.Time) error {
	_, err := r.db.Exec(ctx, `
		UPDATE settlement_runs SET finished_at = $2, outcome = $3 WHERE id = $1`, id, at, outcome)
	return translate(err, "finish settlement run")
}

func (r settlements) Totals(ctx context.Context, from, to time.Time) (domain.SettlementTotals, error) {
	var t domain.SettlementTotals
	err := r.db.QueryRow(ctx, `
		SELECT
		    coalesce((SELECT sum(amount_cents) FROM payments
		              WHERE status = 'succeeded' AND settlement_batch_id IS NULL
		                AND succeeded_at >= $1 AND succeeded_at < $2), 0),
		    (SELECT count(*) FROM payments
		      WHERE status = 'succeeded' AND settlement_batch_id IS NULL
		        AND succeeded_at >= $1 AND succeeded_at < $2),
		    coalesce((SELECT sum(amount_cents) FROM refunds
		              WHERE status = 'succeeded' AND settlement_batch_id IS NULL
		                AND succeeded_at >= $1 AND succeeded_at < $2), 0),
		    (SELECT count(*) FROM refunds
		      WHERE status = 'succeeded' AND settlement_batch_id IS NULL
		        AND succeeded_at >= $1 AND succeeded_at < $2)`, from, to).
		Scan(&t.GrossCents, &t.PaymentCount, &t.RefundsCents, &t.RefundCount)
	return t, translate(err, "settlement totals")
}

func (r settlements) BatchForDate(ctx context.Context, date time.Time) (domain.SettlementBatch, error) {
	var b domain.SettlementBatch
	err := r.db.QueryRow(ctx, `
		SELECT id, business_date, gross_cents, refunds_cents, payment_count, refund_count, currency, journal_id, created_at
		FROM settlement_batches WHERE business_date = $1`, date).
		Scan(&b.ID, &b.BusinessDate, &b.Totals.GrossCents, &b.Totals.RefundsCents, &b.Totals.PaymentCount,
			&b.Totals.RefundCount, &b.Totals.Currency, &b.JournalID, &b.CreatedAt)
	b.Totals.BusinessDate = b.BusinessDate
	return b, translate(err, "settlement batch for date")
}

func (r settlements) CreateBatch(ctx context.Context, b domain.SettlementBatch) error {
	_, err := r.db.Exec(ctx, `
		INSERT INTO settlement_batches (id, business_date, gross_cents, refunds_cents, net_cents,
			payment_count, refund_count, currency, journal_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		b.ID, b.BusinessDate, b.Totals.GrossCents, b.Totals.RefundsCents, b.Totals.NetCents(),
		b.Totals.PaymentCount, b.Totals.RefundCount, b.Totals.Currency, b.JournalID)
	return translate(err, "create settlement batch")
}

func (r settlements) AssignBatch(ctx context.Context, batchID uuid.UUID, from, to time.Time) (int64, int64, error) {
	p, err := r.db.Exec(ctx, `
		UPDATE payments SET settlement_batch_id = $1
		WHERE status = 'succeeded' AND settlement_batch_id IS NULL
		  AND succeeded_at >= $2 AND succeeded_at < $3`, batchID, from, to)
	if err != nil {
		return 0, 0, translate(err, "assign payments to batch")
	}
	rf, err := r.db.Exec(ctx, `
		UPDATE refunds SET settlement_batch_id = $1
		WHERE status = 'succeeded' AND settlement_batch_id IS NULL
		  AND succeeded_at >= $2 AND succeeded_at < $3`, batchID, from, to)
	if err != nil {
		return 0, 0, translate(err, "assign refunds to batch")
	}
	return p.RowsAffected(), rf.RowsAffected(), nil
}
