// Package repo contains the hand-written Postgres repositories. Every method
// takes a db.Querier so it runs on the pool or inside a transaction.
package repo

import (
	"context"
	"database/sql"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
)

// Customers reads and updates lessees.
type Customers struct{}

const customerCols = `id, name, billing_email, COALESCE(yard_contact_phone, ''),
	COALESCE(stripe_customer_id, ''), COALESCE(stripe_default_pm, ''), COALESCE(ach_account_token, ''),
	autopay_enabled`

func scanCustomer(row interface{ Scan(...any) error }) (*domain.Customer, error) {
	var c domain.Customer
	if err := row.Scan(&c.ID, &c.Name, &c.BillingEmail, &c.YardContactPhone,
		&c.StripeCustomerID, &c.StripeDefaultPM, &c.ACHAccountToken, &c.AutopayEnabled); err != nil {
		return nil, db.NotFound(err)
	}
	return &c, nil
}

// Get loads a customer by id.
func (Customers) Get(ctx context.Context, q db.Querier, id string) (*domain.Customer, error) {
	return scanCustomer(q.QueryRowContext(ctx, `SELECT `+customerCols+` FROM customers WHERE id = $1`, id))
}

// SetStripeCustomerID stores the Stripe customer created for a lessee.
func (Customers) SetStripeCustomerID(ctx context.Context, q db.Querier, id, stripeID string) error {
	_, err := q.ExecContext(ctx, `UPDATE customers SET stripe_customer_id = $2 WHERE id = $1`, id, stripeID)
	return err
}

// SetDefaultCard records the card used for autopay.
func (Customers) SetDefaultCard(ctx context.Context, q db.Querier, id, paymentMethodID string) error {
	_, err := q.ExecContext(ctx, `UPDATE customers SET stripe_default_pm = $2 WHERE id = $1`, id, paymentMethodID)
	return err
}

// Cars reads and updates the fleet.
type Cars struct{}

// Get loads a car by reporting mark.
func (Cars) Get(ctx context.Context, q db.Querier, carMark string) (*domain.Car, error) {
	var c domain.Car
	var road, loc sql.NullString
	err := q.QueryRowContext(ctx, `
		SELECT car_mark, car_type, capacity, status, current_road, current_location, updated_at
		FROM cars WHERE car_mark = $1`, carMark).
		Scan(&c.CarMark, &c.CarType, &c.Capacity, &c.Status, &road, &loc, &c.UpdatedAt)
	if err != nil {
		return nil, db.NotFound(err)
	}
	c.CurrentRoad, c.CurrentLocation = road.String, loc.String
	return &c, nil
}

// UpdatePosition records where a car was last reported.
func (Cars) UpdatePosition(ctx context.Context, q db.Querier, carMark, road, location string) error {
	_, err := q.ExecContext(ctx, `
		UPDATE cars SET current_road = $2, current_location = $3, updated_at = now()
		WHERE car_mark = $1`, carMark, road, location)
	return err
}

// SetStatus changes a car's service status (IN_SERVICE, BAD_ORDER, IN_SHOP).
func (Cars) SetStatus(ctx context.Context, q db.Querier, carMark, status string) error {
	_, err := q.ExecContext(ctx, `UPDATE cars SET status = $2, updated_at = now() WHERE car_mark = $1`, carMark, status)
	return err
}
