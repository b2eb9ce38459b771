package store

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/tradeloop/homeservices/internal/domain"
)

type claimRepo struct{ x sqlx.ExtContext }

const claimColumns = `id, job_id, customer_id, policy_ref, description, insurer_claim_ref, status,
	approved_cents, rejection_reason, created_at, updated_at`

func (r *claimRepo) Insert(ctx context.Context, c *domain.WarrantyClaim) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO warranty_claims (id, job_id, customer_id, policy_ref, description, status, created_at, updated_at)
		VALUES (:id, :job_id, :customer_id, :policy_ref, :description, :status, :created_at, :updated_at)`, c)
	return err
}

func (r *claimRepo) Get(ctx context.Context, id string) (*domain.WarrantyClaim, error) {
	return getOne[domain.WarrantyClaim](ctx, r.x, `SELECT `+claimColumns+` FROM warranty_claims WHERE id = $1`, id)
}

func (r *claimRepo) ByInsurerRef(ctx context.Context, ref string) (*domain.WarrantyClaim, error) {
	return getOne[domain.WarrantyClaim](ctx, r.x, `
		SELECT `+claimColumns+` FROM warranty_claims WHERE insurer_claim_ref = $1`, ref)
}

func (r *claimRepo) ByJob(ctx context.Context, jobID string) (*domain.WarrantyClaim, error) {
	return getOne[domain.WarrantyClaim](ctx, r.x, `
		SELECT `+claimColumns+` FROM warranty_claims WHERE job_id = $1
		ORDER BY created_at DESC LIMIT 1`, jobID)
}

func (r *claimRepo) MarkSubmitted(ctx context.Context, id, insurerRef string) error {
	return expectRow("claim " + id)(exec(ctx, r.x, `
		UPDATE warranty_claims SET insurer_claim_ref = $2, status = 'submitted', updated_at = now()
		WHERE id = $1`, id, insurerRef))
}

func (r *claimRepo) SetStatus(ctx context.Context, id, status string) error {
	return expectRow("claim " + id)(exec(ctx, r.x, `
		UPDATE warranty_claims SET status = $2, updated_at = now() WHERE id = $1`, id, status))
}

func (r *claimRepo) SetApproved(ctx context.Context, id string, cents int64) error {
	return expectRow("claim " + id)(exec(ctx, r.x, `
		UPDATE warranty_claims SET status = 'approved', approved_cents = $2, updated_at = now()
		WHERE id = $1`, id, cents))
}

func (r *claimRepo) SetRejected(ctx context.Context, id, reason string) (bool, error) {
	n, err := exec(ctx, r.x, `
		UPDATE warranty_claims SET status = 'rejected', rejection_reason = $2, updated_at = now()
		WHERE id = $1 AND status <> 'rejected'`, id, reason)
	return n > 0, err
}

type authorizationRepo struct{ x sqlx.ExtContext }

func (r *authorizationRepo) Insert(ctx context.Context, a *domain.WarrantyAuthorization) error {
	_, err := execNamed(ctx, r.x, `
		INSERT INTO warranty_authorizations (authorization_ref, claim_id, amount_cents, expires_at, created_at)
		VALUES (:authorization_ref, :claim_id, :amount_cents, :expires_at, :created_at)`, a)
	return err
}
