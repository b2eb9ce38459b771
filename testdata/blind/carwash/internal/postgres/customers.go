package postgres

import (
	"context"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
)

// CustomerRepo reads customers and records wash pack purchases.
type CustomerRepo struct{}

// NewCustomerRepo returns a CustomerRepo.
func NewCustomerRepo() *CustomerRepo { return &CustomerRepo{} }

// Get loads a customer by ID.
func (r *CustomerRepo) Get(ctx context.Context, q sqlx.ExtContext, id uuid.UUID) (*domain.Customer, error) {
	return get[domain.Customer](ctx, q,
		`SELECT id, email, phone, full_name, card_token, created_at FROM customers WHERE id = $1`, id)
}

// InsertPackPurchase records a paid wash pack.
func (r *CustomerRepo) InsertPackPurchase(ctx context.Context, q sqlx.ExtContext, p *domain.PackPurchase) error {
	_, err := sqlx.NamedExecContext(ctx, q, `
		INSERT INTO pack_purchases (id, customer_id, pack_code, washes, amount_cents, processor_charge_id)
		VALUES (:id, :customer_id, :pack_code, :washes, :amount_cents, :processor_charge_id)`, p)
	return err
}
