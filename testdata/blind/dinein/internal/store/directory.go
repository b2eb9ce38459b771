package store

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// Directory looks up customers and restaurants.
type Directory interface {
	Customer(ctx context.Context, q Querier, id uuid.UUID) (*Customer, error)
	Restaurant(ctx context.Context, q Querier, id uuid.UUID) (*Restaurant, error)
	ActiveRestaurants(ctx context.Context, q Querier) ([]Restaurant, error)
}

type pgDirectory struct{}

// NewDirectory returns the Postgres directory.
func NewDirectory() *pgDirectory { return &pgDirectory{} }

func (r *pgDirectory) Customer(ctx context.Context, q Querier, id uuid.UUID) (*Customer, error) {
	var c Customer
	err := q.QueryRow(ctx, `
		SELECT id, display_name, phone_e164, push_token, stripe_customer_id, default_payment_method
		FROM customers WHERE id = $1`, id).
		Scan(&c.ID, &c.DisplayName, &c.PhoneE164, &c.PushToken, &c.StripeCustomerID, &c.DefaultPaymentMethod)
	if err != nil {
		return nil, mapErr(err)
	}
	return &c, nil
}

const restaurantColumns = `id, name, phone_e164, address, stripe_account_id, commission_bps, active`

func scanRestaurant(row pgx.Row) (Restaurant, error) {
	var r Restaurant
	err := row.Scan(&r.ID, &r.Name, &r.PhoneE164, &r.Address, &r.StripeAccountID, &r.CommissionBPS, &r.Active)
	return r, err
}

func (r *pgDirectory) Restaurant(ctx context.Context, q Querier, id uuid.UUID) (*Restaurant, error) {
	rest, err := scanRestaurant(q.QueryRow(ctx, `SELECT `+restaurantColumns+` FROM restaurants WHERE id = $1`, id))
	if err != nil {
		return nil, mapErr(err)
	}
	return &rest, nil
}

func (r *pgDirectory) ActiveRestaurants(ctx context.Context, q Querier) ([]Restaurant, error) {
	rows, err := q.Query(ctx, `SELECT `+restaurantColumns+` FROM restaurants WHERE active ORDER BY name`)
	if err != nil {
		return nil, err
	}
	return collect(rows, scanRestaurant)
}
