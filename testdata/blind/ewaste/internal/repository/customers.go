package repository

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/circuitback/buyback/internal/model"
)

type CustomerRepository struct{ base }

func NewCustomerRepository(db *gorm.DB) *CustomerRepository {
	return &CustomerRepository{base{db}}
}

func (r *CustomerRepository) Get(ctx context.Context, id uuid.UUID) (*model.Customer, error) {
	return first[model.Customer](r.conn(ctx), "id = ?", id)
}

// UpsertPayoutMethod stores a bank account keyed by its fingerprint; a
// re-registration of the same account refreshes the recipient reference.
func (r *CustomerRepository) UpsertPayoutMethod(ctx context.Context, pm *model.PayoutMethod) error {
	err := r.conn(ctx).Clauses(clause.OnConflict{
		Columns: []clause.Column{{Name: "customer_id"}, {Name: "account_fingerprint"}},
		DoUpdates: clause.Assignments(map[string]any{
			"provider_recipient_id": pm.ProviderRecipientID,
			"account_holder":        pm.AccountHolder,
			"status":                pm.Status,
			"updated_at":            gorm.Expr("now()"),
		}),
	}).Create(pm).Error
	if err != nil {
		return fmt.Errorf("upsert payout method: %w", err)
	}
	return nil
}

func (r *CustomerRepository) PayoutMethodByFingerprint(ctx context.Context, customerID uuid.UUID, fp string) (*model.PayoutMethod, error) {
	return first[model.PayoutMethod](r.conn(ctx), "customer_id = ? AND account_fingerprint = ?", customerID, fp)
}

// DefaultPayoutMethod returns the customer's default verified bank account.
func (r *CustomerRepository) DefaultPayoutMethod(ctx context.Context, customerID uuid.UUID) (*model.PayoutMethod, error) {
	return first[model.PayoutMethod](r.conn(ctx).Order("is_default DESC, created_at DESC"),
		"customer_id = ? AND status IN ?", customerID, []string{"verified", "pending_verification"})
}

// ClearDefault unsets the default flag on every other method of the customer.
func (r *CustomerRepository) ClearDefault(ctx context.Context, customerID, keep uuid.UUID) error {
	return r.conn(ctx).Model(&model.PayoutMethod{}).
		Where("customer_id = ? AND id <> ?", customerID, keep).
		Update("is_default", false).Error
}

type IdempotencyRepository struct{ base }

func NewIdempotencyRepository(db *gorm.DB) *IdempotencyRepository {
	return &IdempotencyRepository{base{db}}
}

// Claim records (scope, key). It returns claimed=false and the stored row when
// the key was already used.
func (r *IdempotencyRepository) Claim(ctx context.Context, scope, key, requestHash string) (bool, *model.IdempotencyKey, error) {
	row := &model.IdempotencyKey{Scope: scope, Key: key, RequestHash: requestHash}
	ok, err := insertIgnore(r.conn(ctx), row, "scope", "key")
	if err != nil {
		return false, nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if ok {
		return true, row, nil
	}
	existing, err := first[model.IdempotencyKey](r.conn(ctx), "scope = ? AND key = ?", scope, key)
	if err != nil {
		return false, nil, err
	}
	return false, existing, nil
}

// Complete attaches the produced resource to a claimed key.
func (r *IdempotencyRepository) Complete(ctx context.Context, scope, key, resourceID string, status int) error {
	return r.conn(ctx).Model(&model.IdempotencyKey{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"resource_id": resourceID, "status_code": status}).Error
}
