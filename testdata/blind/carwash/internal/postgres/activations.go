package postgres

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
)

const activationCols = `id, request_id, customer_id, subscription_id, site_id, bay_id, program, status,
	controller_cycle_id, created_at`

// ActivationRepo stores member bay activations.
type ActivationRepo struct{}

// NewActivationRepo returns an ActivationRepo.
func NewActivationRepo() *ActivationRepo { return &ActivationRepo{} }

// InsertOrGet creates the activation, or returns the one already recorded for
// the same (customer, request_id). created reports which happened.
func (r *ActivationRepo) InsertOrGet(ctx context.Context, q sqlx.ExtContext, a *domain.Activation) (*domain.Activation, bool, error) {
	got, err := get[domain.Activation](ctx, q, `
		INSERT INTO bay_activations (id, request_id, customer_id, subscription_id, site_id, bay_id, program, status)
		VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending')
		ON CONFLICT (customer_id, request_id) DO NOTHING
		RETURNING `+activationCols,
		a.ID, a.RequestID, a.CustomerID, a.SubscriptionID, a.SiteID, a.BayID, a.Program)
	if err == nil {
		return got, true, nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return nil, false, err
	}
	got, err = r.GetByRequest(ctx, q, a.CustomerID, a.RequestID)
	return got, false, err
}

// GetByRequest loads the activation a customer made with request_id.
func (r *ActivationRepo) GetByRequest(ctx context.Context, q sqlx.ExtContext, customerID uuid.UUID, requestID string) (*domain.Activation, error) {
	return get[domain.Activation](ctx, q, `
		SELECT `+activationCols+` FROM bay_activations WHERE customer_id = $1 AND request_id = $2`,
		customerID, requestID)
}

// Get loads an activation.
func (r *ActivationRepo) Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (*domain.Activation, error) {
	return get[domain.Activation](ctx, q, `SELECT `+activationCols+` FROM bay_activations WHERE id = $1`, id)
}

// RecordAttempt appends a dispatch attempt to the activation's history.
func (r *ActivationRepo) RecordAttempt(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, outcome, errText string) error {
	_, err := q.ExecContext(ctx, `
		INSERT INTO bay_activation_attempts (activation_id, outcome, error_text)
		VALUES ($1, $2, NULLIF($3, ''))`, id, outcome, errText)
	return err
}

// MarkStarted records the cycle the controller started for an activation.
func (r *ActivationRepo) MarkStarted(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, cycleID string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE bay_activations SET status = 'started', controller_cycle_id = $2, updated_at = now()
		WHERE id = $1`, id, cycleID)
	return err
}

// SetStatus moves a pending activation to a terminal status.
func (r *ActivationRepo) SetStatus(ctx context.Context, q sqlx.ExtContext, id uuid.UUID, status domain.ActivationStatus) (bool, error) {
	return affected(ctx, q, `
		UPDATE bay_activations SET status = $2, updated_at = now()
		WHERE id = $1 AND status = 'pending'`, id, status)
}
