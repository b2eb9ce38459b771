package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/prairiegold/graincoop/internal/domain"
)

type ContractRepo struct{ db *gorm.DB }

func NewContractRepo(db *gorm.DB) *ContractRepo { return &ContractRepo{db: db} }

// NextContractNo draws the next number from contract_no_seq, formatted with
// the commodity and crop year, e.g. "CN24-10342".
func (r *ContractRepo) NextContractNo(ctx context.Context, c domain.Commodity, season int) (string, error) {
	var n int64
	if err := r.db.WithContext(ctx).Raw("SELECT nextval('contract_no_seq')").Scan(&n).Error; err != nil {
		return "", err
	}
	prefix := map[domain.Commodity]string{
		domain.Corn: "CN", domain.Soybeans: "SB", domain.HRW: "WW", domain.HRS: "SW", domain.Sorghum: "MI",
	}[c]
	return fmt.Sprintf("%s%02d-%d", prefix, season%100, n), nil
}

func (r *ContractRepo) Create(ctx context.Context, c *domain.Contract) error {
	return r.db.WithContext(ctx).Create(c).Error
}

func (r *ContractRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Contract, error) {
	return first[domain.Contract](r.db.WithContext(ctx).Where("id = ?", id))
}

func (r *ContractRepo) GetForUpdate(ctx context.Context, id uuid.UUID) (*domain.Contract, error) {
	return first[domain.Contract](r.db.WithContext(ctx).Clauses(clause.Locking{Strength: "UPDATE"}).Where("id = ?", id))
}

func (r *ContractRepo) ListForGrower(ctx context.Context, growerID int64, season int) ([]domain.Contract, error) {
	return list[domain.Contract](r.db.WithContext(ctx).
		Where("grower_id = ? AND season = ?", growerID, season).Order("created_at"))
}

// AddDelivered moves bushels onto a contract and marks it filled when the
// contracted quantity is reached.
func (r *ContractRepo) AddDelivered(ctx context.Context, id uuid.UUID, bu decimal.Decimal) error {
	return r.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&domain.Contract{}).Where("id = ? AND status = ?", id, domain.ContractOpen).
			Updates(map[string]any{
				"delivered_bu": gorm.Expr("delivered_bu + ?", bu),
				"updated_at":   time.Now().UTC(),
			})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("contract %s: %w", id, ErrNotFound)
		}
		return tx.Model(&domain.Contract{}).
			Where("id = ? AND delivered_bu >= quantity_bu", id).
			Update("status", domain.ContractFilled).Error
	})
}

func (r *ContractRepo) SubtractDelivered(ctx context.Context, id uuid.UUID, bu decimal.Decimal) error {
	return r.db.WithContext(ctx).Model(&domain.Contract{}).Where("id = ?", id).
		Updates(map[string]any{
			"delivered_bu": gorm.Expr("GREATEST(delivered_bu - ?, 0)", bu),
			"status":       gorm.Expr("CASE WHEN status = ? THEN ? ELSE status END", domain.ContractFilled, domain.ContractOpen),
			"updated_at":   time.Now().UTC(),
		}).Error
}

func (r *ContractRepo) ApplyAmendment(ctx context.Context, a *domain.Amendment) error {
	upd := map[string]any{
		"quantity_bu": gorm.Expr("quantity_bu + ?", a.QuantityDelta),
		"updated_at":  time.Now().UTC(),
	}
	if a.NewPrice != nil {
		upd["price_per_bu"] = *a.NewPrice
	}
	if a.NewBasis != nil {
		upd["basis"] = *a.NewBasis
	}
	return r.db.WithContext(ctx).Model(&domain.Contract{}).Where("id = ?", a.ContractID).Updates(upd).Error
}

func (r *ContractRepo) MarkSigned(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&domain.Contract{}).Where("id = ? AND signed_at IS NULL", id).
		Update("signed_at", at).Error
}

type AmendmentRepo struct{ db *gorm.DB }

func (r *AmendmentRepo) Create(ctx context.Context, a *domain.Amendment) error {
	return r.db.WithContext(ctx).Create(a).Error
}

func (r *AmendmentRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Amendment, error) {
	return first[domain.Amendment](r.db.WithContext(ctx).Where("id = ?", id))
}

type IdempotencyRepo struct{ db *gorm.DB }

func (r *IdempotencyRepo) Get(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error) {
	return first[domain.IdempotencyKey](r.db.WithContext(ctx).Where("scope = ? AND key = ?", scope, key))
}

// Claim reserves scope/key. It reports false when the key already exists.
func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, error) {
	return insertIgnore(r.db.WithContext(ctx), &domain.IdempotencyKey{
		Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC(),
	}, "scope", "key")
}

// Save stores the final response for scope/key.
func (r *IdempotencyRepo) Save(ctx context.Context, rec *domain.IdempotencyKey) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "scope"}, {Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"status_code", "response_body", "resource_id"}),
	}).Create(rec).Error
}

func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key string, status int, body []byte, resourceID string) error {
	return r.db.WithContext(ctx).Model(&domain.IdempotencyKey{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"status_code": status, "response_body": body, "resource_id": resourceID}).Error
}
