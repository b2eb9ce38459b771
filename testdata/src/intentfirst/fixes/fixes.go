package fixes

import (
	"context"
	"database/sql"

	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

var db *sql.DB

func charge(ctx context.Context, t *asynq.Task) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
	pi, err := paymentintent.New(params) // want `Stripe PaymentIntent create`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "INSERT INTO payments (intent_id) VALUES ($1)", pi.ID)
	return err
}
