package pgstore

import (
	"context"

	"github.com/google/uuid"

	"github.com/example/topup/internal/domain"
)

type Customers struct{}

func NewCustomers() *Customers { return &Customers{} }

func (r *Customers) Get(ctx context.Context, q DBTX, id uuid.UUID) (*domain.Customer, error) {
	var c domain.Customer
	err := q.QueryRow(ctx, `
		SELECT id, msisdn, email, stripe_customer_id, default_payment_method
		FROM customers WHERE id = $1`, id).
		Scan(&c.ID, &c.MSISDN, &c.Email, &c.StripeCustomerID, &c.DefaultPaymentMethod)
	if err != nil {
		return nil, notFound(err)
	}
	return &c, nil
}

func (r *Customers) AddLoyaltyPoints(ctx context.Context, q DBTX, id uuid.UUID, points int64) error {
	_, err := q.Exec(ctx, `UPDATE customers SET loyalty_points = loyalty_points + $2 WHERE id = $1`, id, points)
	return err
}
