package store

import (
	"context"

	"github.com/cobaltmesa/titleworks/internal/domain"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
)

// PolicyRepo persists issued title policies.
type PolicyRepo struct {
	tx *txm.Manager
}

// NewPolicyRepo returns a PolicyRepo.
func NewPolicyRepo(tx *txm.Manager) *PolicyRepo { return &PolicyRepo{tx: tx} }

// AwaitingPolicy returns recorded orders without an issued owner's policy.
func (r *PolicyRepo) AwaitingPolicy(ctx context.Context, limit int) ([]domain.Order, error) {
	var out []domain.Order
	err := r.tx.Q(ctx).SelectContext(ctx, &out, `
		SELECT o.* FROM title_orders o
		 WHERE o.status = 'recorded'
		   AND NOT EXISTS (SELECT 1 FROM title_policies p
		                    WHERE p.order_id = o.id AND p.policy_type = 'owners')
		 ORDER BY o.updated_at LIMIT ?`, limit)
	return out, err
}

// Insert stores an issued policy. A second row for the same order and
// policy type keeps the first.
func (r *PolicyRepo) Insert(ctx context.Context, p *domain.TitlePolicy) error {
	_, err := r.tx.Q(ctx).NamedExecContext(ctx, `
		INSERT INTO title_policies (id, order_id, policy_number, policy_type, liability_cents, premium_cents, issued_at)
		VALUES (:id, :order_id, :policy_number, :policy_type, :liability_cents, :premium_cents, :issued_at)
		ON DUPLICATE KEY UPDATE id = id`, p)
	return err
}
