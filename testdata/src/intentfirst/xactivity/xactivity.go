// Package xactivity holds Temporal activities that a worker of another
// package registers: they are found as activities because they use the
// activity API, which works only inside one.
package xactivity

import (
	"context"
	"database/sql"

	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
	"go.temporal.io/sdk/activity"
)

var db *sql.DB

// Charge asks for its attempt's info, so it runs as an activity, and
// Temporal retries it. The charge carries a stable key, but nothing
// records it before the charge.
func Charge(ctx context.Context, orderID string) error {
	info := activity.GetInfo(ctx)
	_ = info.Attempt
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params) // want `Stripe PaymentIntent create .*\(Temporal activity Charge\)`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE orders SET payment_ref = $1 WHERE id = $2", pi.ID, orderID)
	return err
}

// Methods of an activity struct that heartbeat are activities too.
type Activities struct{}

func (a *Activities) Refund(ctx context.Context, orderID string) error {
	activity.RecordHeartbeat(ctx, orderID)
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params) // want `Stripe PaymentIntent create .*\(Temporal activity Activities.Refund\)`
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE orders SET refund_ref = $1 WHERE id = $2", pi.ID, orderID)
	return err
}

// ---- negatives ----

// The recommended order: the order row, with the ID the charge carries,
// commits before the charge.
func ChargeRecorded(ctx context.Context, orderID string) error {
	activity.RecordHeartbeat(ctx)
	if _, err := db.ExecContext(ctx, "INSERT INTO orders (id) VALUES ($1) ON CONFLICT DO NOTHING", orderID); err != nil {
		return err
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE orders SET payment_ref = $1 WHERE id = $2", pi.ID, orderID)
	return err
}

// Nothing here says it runs as an activity or is retried: a function
// that only asks whether it is inside one is not a root by that.
func ChargeMaybe(ctx context.Context, orderID string) error {
	if activity.IsActivity(ctx) {
		return nil
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE orders SET payment_ref = $1 WHERE id = $2", pi.ID, orderID)
	return err
}
