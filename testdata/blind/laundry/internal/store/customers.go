package store

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type CustomerRepository interface {
	Get(ctx context.Context, id uuid.UUID) (*Customer, error)
	UpsertAddress(ctx context.Context, a *Address) error
	Address(ctx context.Context, customerID uuid.UUID, label string) (*Address, error)
	PendingReferral(ctx context.Context, refereeID uuid.UUID) (*Referral, error)
	MarkReferralQualified(ctx context.Context, id uuid.UUID, at time.Time) error
}

type gormCustomers struct{ db *gorm.DB }

func (r *gormCustomers) Get(ctx context.Context, id uuid.UUID) (*Customer, error) {
	var c Customer
	err := r.db.WithContext(ctx).First(&c, "id = ?", id).Error
	return &c, translate(err)
}

func (r *gormCustomers) UpsertAddress(ctx context.Context, a *Address) error {
	a.UpdatedAt = time.Now()
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "customer_id"}, {Name: "label"}},
		UpdateAll: true,
	}).Create(a).Error
}

func (r *gormCustomers) Address(ctx context.Context, customerID uuid.UUID, label string) (*Address, error) {
	var a Address
	err := r.db.WithContext(ctx).First(&a, "customer_id = ? AND label = ?", customerID, label).Error
	return &a, translate(err)
}

func (r *gormCustomers) PendingReferral(ctx context.Context, refereeID uuid.UUID) (*Referral, error) {
	var ref Referral
	err := r.db.WithContext(ctx).First(&ref, "referee_id = ?", refereeID).Error
	return &ref, translate(err)
}

func (r *gormCustomers) MarkReferralQualified(ctx context.Context, id uuid.UUID, at time.Time) error {
	return r.db.WithContext(ctx).Model(&Referral{}).
		Where("id = ? AND qualified_at IS NULL", id).
		Update("qualified_at", at).Error
}
