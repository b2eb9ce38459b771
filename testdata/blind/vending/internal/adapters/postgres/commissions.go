package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vendgrid/fleetops/internal/domain"
)

type CommissionRepo struct{ db Conn }

func NewCommissionRepo(db Conn) *CommissionRepo { return &CommissionRepo{db: db} }

func (r *CommissionRepo) ListHosts(ctx context.Context) ([]domain.Host, error) {
	rows, err := r.db.From(ctx).Query(ctx, `
		SELECT id, name, email, commission_bps, payout_account
		  FROM hosts WHERE active ORDER BY name`)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Host, error) {
		var h domain.Host
		err := row.Scan(&h.ID, &h.Name, &h.Email, &h.CommissionRate, &h.PayoutAccount)
		return h, err
	})
}

// GrossSales sums sales at all of the host's sites in the period. Refunded
// card payments are excluded.
func (r *CommissionRepo) GrossSales(ctx context.Context, hostID string, p domain.Period) (domain.Cents, error) {
	var total domain.Cents
	err := r.db.From(ctx).QueryRow(ctx, `
		SELECT COALESCE(SUM(s.amount_cents), 0)
		  FROM sales s
		  JOIN machines m ON m.id = s.machine_id
		  JOIN sites st ON st.id = m.site_id
		  LEFT JOIN payments p ON p.id = s.payment_id
		 WHERE st.host_id = $1
		   AND s.sold_at >= $2 AND s.sold_at < $3
		   AND (p.id IS NULL OR p.status NOT IN ('refunded', 'voided'))`,
		hostID, p.Start, p.End).Scan(&total)
	return total, err
}

func (r *CommissionRepo) SumAdjustments(ctx context.Context, hostID string, p domain.Period) (domain.Cents, error) {
	var total domain.Cents
	err := r.db.From(ctx).QueryRow(ctx, `
		SELECT COALESCE(SUM(amount_cents), 0) FROM host_adjustments
		 WHERE host_id = $1 AND created_at >= $2 AND created_at < $3`,
		hostID, p.Start, p.End).Scan(&total)
	return total, err
}

// UpsertStatement creates the host's statement for the period or refreshes
// the figures of a pending one. The original id is kept; a paid statement
// is returned unchanged.
func (r *CommissionRepo) UpsertStatement(ctx context.Context, s domain.CommissionStatement) (domain.CommissionStatement, error) {
	var out domain.CommissionStatement
	var payoutID *string
	err := r.db.From(ctx).QueryRow(ctx, `
		INSERT INTO commission_statements
		       (id, host_id, period_start, period_end, gross_sales_cents, adjust_cents, commission_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending')
		ON CONFLICT (host_id, period_start) DO UPDATE SET
		       gross_sales_cents = CASE WHEN commission_statements.status = 'pending'
		                                THEN EXCLUDED.gross_sales_cents ELSE commission_statements.gross_sales_cents END,
		       adjust_cents      = CASE WHEN commission_statements.status = 'pending'
		                                THEN EXCLUDED.adjust_cents ELSE commission_statements.adjust_cents END,
		       commission_cents  = CASE WHEN commission_statements.status = 'pending'
		                                THEN EXCLUDED.commission_cents ELSE commission_statements.commission_cents END,
		       computed_at = now()
		RETURNING id, host_id, period_start, period_end, gross_sales_cents, adjust_cents, commission_cents,
		          status, emailed_at, payout_id, paid_at`,
		s.ID, s.HostID, s.Period.Start, s.Period.End, s.GrossSalesCents, s.AdjustCents, s.CommissionCents).
		Scan(&out.ID, &out.HostID, &out.Period.Start, &out.Period.End, &out.GrossSalesCents, &out.AdjustCents,
			&out.CommissionCents, &out.Status, &out.EmailedAt, &payoutID, &out.PaidAt)
	if payoutID != nil {
		out.PayoutID = *payoutID
	}
	return out, err
}

// MarkPaid closes a pending statement. It reports false if the statement
// was not pending.
func (r *CommissionRepo) MarkPaid(ctx context.Context, id, payoutID string, emailedAt, paidAt time.Time) (bool, error) {
	tag, err := r.db.From(ctx).Exec(ctx, `
		UPDATE commission_statements
		   SET status = 'paid', payout_id = $2, emailed_at = $3, paid_at = $4
		 WHERE id = $1 AND status = 'pending'`, id, nullable(payoutID), emailedAt, paidAt)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *CommissionRepo) InsertAdjustment(ctx context.Context, a domain.Adjustment) error {
	_, err := r.db.From(ctx).Exec(ctx, `
		INSERT INTO host_adjustments (id, host_id, amount_cents, reason, created_by, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		a.ID, a.HostID, a.AmountCents, a.Reason, a.CreatedBy, a.CreatedAt)
	return err
}
