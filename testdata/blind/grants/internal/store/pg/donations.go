package pg

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/repo"
)

const donationColumns = `id, donor_id, campaign_id, amount_cents, currency, status,
	stripe_payment_intent_id, client_secret, refunded_cents, created_at, updated_at`

// DonationRepo implements repo.Donations.
type DonationRepo struct{ q sqlx.ExtContext }

// NewDonationRepo builds the repository.
func NewDonationRepo(q sqlx.ExtContext) *DonationRepo { return &DonationRepo{q: q} }

// WithTx rebinds the repository to tx.
func (r *DonationRepo) WithTx(tx *sqlx.Tx) repo.Donations { return &DonationRepo{q: tx} }

// Insert stores a new donation.
func (r *DonationRepo) Insert(ctx context.Context, d domain.Donation) error {
	_, err := sqlx.NamedExecContext(ctx, r.q, `
		INSERT INTO donations (id, donor_id, campaign_id, amount_cents, currency, status)
		VALUES (:id, :donor_id, :campaign_id, :amount_cents, :currency, :status)`, d)
	if err != nil {
		return fmt.Errorf("insert donation: %w", err)
	}
	return nil
}

// Get loads a donation by id.
func (r *DonationRepo) Get(ctx context.Context, id string) (*domain.Donation, error) {
	var d domain.Donation
	err := sqlx.GetContext(ctx, r.q, &d, `SELECT `+donationColumns+` FROM donations WHERE id = $1`, id)
	if err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

// SetPaymentIntent attaches the Stripe PaymentIntent to the donation.
func (r *DonationRepo) SetPaymentIntent(ctx context.Context, id, intentID, clientSecret string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE donations
		   SET stripe_payment_intent_id = $2, client_secret = $3, updated_at = now()
		 WHERE id = $1`, id, intentID, clientSecret)
	return err
}

// MarkSucceededByIntent flips a pending donation to succeeded.
func (r *DonationRepo) MarkSucceededByIntent(ctx context.Context, intentID string) (*domain.Donation, error) {
	var d domain.Donation
	err := sqlx.GetContext(ctx, r.q, &d, `
		UPDATE donations SET status = 'succeeded', updated_at = now()
		 WHERE stripe_payment_intent_id = $1
		RETURNING `+donationColumns, intentID)
	if err != nil {
		return nil, notFound(err)
	}
	return &d, nil
}

// MarkFailedByIntent flips a pending donation to failed.
func (r *DonationRepo) MarkFailedByIntent(ctx context.Context, intentID string) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE donations SET status = 'failed', updated_at = now()
		 WHERE stripe_payment_intent_id = $1 AND status = 'pending'`, intentID)
	return err
}

// AddRefunded increases the refunded total and derives the status.
func (r *DonationRepo) AddRefunded(ctx context.Context, id string, cents int64) error {
	_, err := r.q.ExecContext(ctx, `
		UPDATE donations
		   SET refunded_cents = refunded_cents + $2,
		       status = CASE WHEN refunded_cents + $2 >= amount_cents THEN 'refunded'
		                     ELSE 'partially_refunded' END,
		       updated_at = now()
		 WHERE id = $1`, id, cents)
	return err
}

// ReassignDonor moves every donation of fromDonor to toDonor.
func (r *DonationRepo) ReassignDonor(ctx context.Context, fromDonor, toDonor string) (int64, error) {
	res, err := r.q.ExecContext(ctx, `UPDATE donations SET donor_id = $2 WHERE donor_id = $1`, fromDonor, toDonor)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// RefundRepo implements repo.Refunds.
type RefundRepo struct{ q sqlx.ExtContext }

// NewRefundRepo builds the repository.
func NewRefundRepo(q sqlx.ExtContext) *RefundRepo { return &RefundRepo{q: q} }

// Insert stores a refund keyed by the Stripe refund id.
func (r *RefundRepo) Insert(ctx context.Context, rf domain.Refund) error {
	_, err := r.q.ExecContext(ctx, `
		INSERT INTO refunds (id, donation_id, amount_cents, reason)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (id) DO NOTHING`, rf.ID, rf.DonationID, rf.AmountCents, rf.Reason)
	return err
}

// LatestForDonation returns the most recent refund of a donation, if any.
func (r *RefundRepo) LatestForDonation(ctx context.Context, donationID string) (*domain.Refund, error) {
	var rf domain.Refund
	err := sqlx.GetContext(ctx, r.q, &rf, `
		SELECT id, donation_id, amount_cents, reason, created_at
		  FROM refunds WHERE donation_id = $1
		 ORDER BY created_at DESC LIMIT 1`, donationID)
	if err != nil {
		return nil, notFound(err)
	}
	return &rf, nil
}
