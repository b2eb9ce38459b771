package pg

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/repo"
)

// PledgeRepo implements repo.Pledges.
type PledgeRepo struct{ q sqlx.ExtContext }

// NewPledgeRepo builds the repository.
func NewPledgeRepo(q sqlx.ExtContext) *PledgeRepo { return &PledgeRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *PledgeRepo) WithTx(tx *sqlx.Tx) repo.Pledges { return &PledgeRepo{q: tx} }

// Insert stores a new pledge.
func (r *PledgeRepo) Insert(ctx context.Context, p domain.Pledge) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO pledges (id, donor_id, campaign_id, amount_cents, currency, interval,
		                     stripe_customer_id, stripe_payment_method_id, status)
		VALUES (:id, :donor_id, :campaign_id, :amount_cents, :currency, :interval,
		        :stripe_customer_id, :stripe_payment_method_id, :status)`, p)
	if err != nil {
		return fmt.Errorf("insert pledge: %w", err)
	}
	return nil
}

// Get loads a pledge.
func (r *PledgeRepo) Get(ctx context.Context, id string) (*domain.Pledge, error) {
	var p domain.Pledge
	err := sqlx.GetContext(ctx, r.q, &p, `
		SELECT id, donor_id, campaign_id, amount_cents, currency, interval,
		       stripe_customer_id, stripe_payment_method_id, status, created_at
		  FROM pledges WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// ReassignDonor moves every pledge of fromDonor to toDonor.
func (r *PledgeRepo) ReassignDonor(ctx context.Context, fromDonor, toDonor string) (int64, error) {
	res, err := r.q.ExecContext(ctx, `UPDATE pledges SET donor_id = $2 WHERE donor_id = $1`, fromDonor, toDonor)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// InstallmentRepo implements repo.Installments.
type InstallmentRepo struct{ q sqlx.ExtContext }

// NewInstallmentRepo builds the repository.
func NewInstallmentRepo(q sqlx.ExtContext) *InstallmentRepo { return &InstallmentRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *InstallmentRepo) WithTx(tx *sqlx.Tx) repo.Installments { return &InstallmentRepo{q: tx} }

// Ensure creates the installment row for the period if it does not exist.
func (r *InstallmentRepo) Ensure(ctx context.Context, pledgeID, period string, amount int64) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO pledge_installments (pledge_id, period, amount_cents, status)
		VALUES ($1, $2, $3, 'due')
		ON CONFLICT (pledge_id, period) DO NOTHING`, pledgeID, period, amount)
	return err
}

// GetForUpdate locks and loads the installment.
func (r *InstallmentRepo) GetForUpdate(ctx context.Context, pledgeID, period string) (*domain.Installment, error) {
	var in domain.Installment
	err := sqlx.GetContext(ctx, r.q, &in, `
		SELECT pledge_id, period, amount_cents, status, stripe_payment_intent_id, paid_at
		  FROM pledge_installments
		 WHERE pledge_id = $1 AND period = $2
		   FOR UPDATE`, pledgeID, period)
	if err != nil {
		return nil, notFound(err)
	}
	return &in, nil
}

// MarkPaid records the successful charge.
func (r *InstallmentRepo) MarkPaid(ctx context.Context, pledgeID, period, intentID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE pledge_installments
		   SET status = 'paid', stripe_payment_intent_id = $3, paid_at = now()
		 WHERE pledge_id = $1 AND period = $2`, pledgeID, period, intentID)
	return err
}
