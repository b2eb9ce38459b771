package repository

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type CustomerRepository interface {
	WithTx(tx *gorm.DB) CustomerRepository
	Get(ctx context.Context, id uuid.UUID) (*domain.Customer, error)
	AdjustCredit(ctx context.Context, customerID uuid.UUID, bookingID *uuid.UUID, delta int64, reason string) error
}

type customerRepo struct{ db *gorm.DB }

func NewCustomerRepository(db *gorm.DB) CustomerRepository { return &customerRepo{db: db} }

func (r *customerRepo) WithTx(tx *gorm.DB) CustomerRepository { return &customerRepo{db: tx} }

func (r *customerRepo) Get(ctx context.Context, id uuid.UUID) (*domain.Customer, error) {
	return first[domain.Customer](ctx, r.db, "id = ?", id)
}

// AdjustCredit moves the customer's account balance and writes the ledger row.
func (r *customerRepo) AdjustCredit(ctx context.Context, customerID uuid.UUID, bookingID *uuid.UUID, delta int64, reason string) error {
	db := r.db.WithContext(ctx)
	if err := db.Model(&domain.Customer{}).
		Where("id = ?", customerID).
		Update("credit_cents", gorm.Expr("credit_cents + ?", delta)).Error; err != nil {
		return err
	}
	return db.Create(&domain.CreditLedgerEntry{
		CustomerID: customerID,
		BookingID:  bookingID,
		DeltaCents: delta,
		Reason:     reason,
	}).Error
}
