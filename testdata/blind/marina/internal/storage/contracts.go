package storage

import (
	"context"
	"time"

	"github.com/harbourline/marina/internal/domain"
)

// DueInstallment is an installment joined with the fields needed to charge it.
type DueInstallment struct {
	domain.Installment
	BoaterID string
	Season   int
	Pier     string
}

type ContractRepository interface {
	Insert(ctx context.Context, c *domain.SeasonalContract) error
	InsertInstallment(ctx context.Context, in *domain.Installment) error
	DueInstallments(ctx context.Context, asOf time.Time, limit int) ([]DueInstallment, error)
	MarkInstallmentPaid(ctx context.Context, id, paymentID string) (bool, error)
	MarkInstallmentFailed(ctx context.Context, id string) error
}

type contractRepo struct{ q Querier }

func (r *contractRepo) Insert(ctx context.Context, c *domain.SeasonalContract) error {
	return r.q.QueryRow(ctx, `
		INSERT INTO seasonal_contracts (id, pier, berth_id, vessel_id, boater_id, season, starts_on, ends_on, total_cents, status, created_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
		RETURNING created_at`,
		c.ID, c.Pier, nullable(c.BerthID), c.VesselID, c.BoaterID, c.Season, c.StartsOn, c.EndsOn, c.TotalCents, c.Status, c.CreatedBy).
		Scan(&c.CreatedAt)
}

func (r *contractRepo) InsertInstallment(ctx context.Context, in *domain.Installment) error {
	_, err := r.q.Exec(ctx, `
		INSERT INTO contract_installments (id, contract_id, seq, due_on, amount_cents, status)
		VALUES ($1, $2, $3, $4, $5, $6)`,
		in.ID, in.ContractID, in.Seq, in.DueOn, in.AmountCents, in.Status)
	return err
}

func (r *contractRepo) DueInstallments(ctx context.Context, asOf time.Time, limit int) ([]DueInstallment, error) {
	rows, err := r.q.Query(ctx, `
		SELECT i.id, i.contract_id, i.seq, i.due_on, i.amount_cents, i.status, COALESCE(i.payment_id::text, ''),
		       c.boater_id, c.season, c.pier
		FROM contract_installments i
		JOIN seasonal_contracts c ON c.id = i.contract_id
		WHERE i.status IN ('scheduled', 'retrying') AND i.due_on <= $1 AND c.status = 'active'
		ORDER BY i.due_on, i.seq
		LIMIT $2`, asOf, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []DueInstallment
	for rows.Next() {
		var d DueInstallment
		if err := rows.Scan(&d.ID, &d.ContractID, &d.Seq, &d.DueOn, &d.AmountCents, &d.Status, &d.PaymentID,
			&d.BoaterID, &d.Season, &d.Pier); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

func (r *contractRepo) MarkInstallmentPaid(ctx context.Context, id, paymentID string) (bool, error) {
	tag, err := r.q.Exec(ctx, `
		UPDATE contract_installments SET status = 'paid', payment_id = $2, paid_at = now()
		WHERE id = $1 AND status <> 'paid'`, id, paymentID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *contractRepo) MarkInstallmentFailed(ctx context.Context, id string) error {
	_, err := r.q.Exec(ctx, `UPDATE contract_installments SET status = 'retrying' WHERE id = $1 AND status <> 'paid'`, id)
	return err
}
