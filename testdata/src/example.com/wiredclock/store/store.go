// Package store charges through Stripe and keeps claims and stamps in
// PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"time"

	"github.com/stripe/stripe-go/v82"
)

// Cards charges under the key it is given.
type Cards struct{ SC *stripe.Client }

func (c Cards) Charge(ctx context.Context, amount int64, key string) error {
	params := &stripe.PaymentIntentCreateParams{Amount: stripe.Int64(amount)}
	params.SetIdempotencyKey(key)
	_, err := c.SC.V1PaymentIntents.Create(ctx, params)
	return err
}

// Claims claims names once.
type Claims struct{ DB *sql.DB }

func (c Claims) Claim(ctx context.Context, name string) (bool, error) {
	res, err := c.DB.ExecContext(ctx, "INSERT INTO sweep_claims (name) VALUES ($1) ON CONFLICT DO NOTHING", name)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// Stamps records when sweeps ran.
type Stamps struct{ DB *sql.DB }

func (s Stamps) Stamp(ctx context.Context, at time.Time) error {
	_, err := s.DB.ExecContext(ctx, "UPDATE sweeps SET last_run = $1", at)
	return err
}
