// Package xsqlc records the intent and the outcome of a charge through
// sqlc-generated queries: the commit unit of each write is where the
// caller chose the queries' handle.
package xsqlc

import (
	"context"
	"database/sql"

	"example.com/ordersdb"
	"github.com/hibiken/asynq"
	"github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
)

var db *sql.DB

// ---- positives ----

// The order row is the intent, but its transaction is still open when
// the charge runs: a crash after the charge rolls it back.
func chargeInOpenTx(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	q := ordersdb.New(tx)
	if err := q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: orderID, Total: 5}); err != nil {
		return err
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params) // want `a crash after the Stripe PaymentIntent create and before its outcome is written back leaves no record of it, so a retry repeats it: no operation ID that the call carries is committed before it \(asynq handler chargeInOpenTx\)`
	if err != nil {
		return err
	}
	if err := q.SetPaymentRef(ctx, ordersdb.SetPaymentRefParams{ID: orderID, PaymentRef: pi.ID}); err != nil {
		return err
	}
	return tx.Commit()
}

// The same through WithTx on queries made for the pool.
func chargeInOpenWithTx(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	queries := ordersdb.New(db)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := queries.WithTx(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: orderID, Total: 5}); err != nil {
		return err
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params) // want `Stripe PaymentIntent create .*asynq handler chargeInOpenWithTx`
	if err != nil {
		return err
	}
	if err := queries.SetPaymentRef(ctx, ordersdb.SetPaymentRefParams{ID: orderID, PaymentRef: pi.ID}); err != nil {
		return err
	}
	return tx.Commit()
}

// The order row commits on the pool before the charge, but the charge
// carries the task's ID, which nothing records: after a crash, the
// service has no operation ID to reconcile the charge with.
func chargeKeyNotRecorded(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	q := ordersdb.New(db)
	if err := q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: orderID, Total: 5}); err != nil {
		return err
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(t.ResultWriter().TaskID())
	pi, err := paymentintent.New(params) // want `Stripe PaymentIntent create .*asynq handler chargeKeyNotRecorded`
	if err != nil {
		return err
	}
	return q.SetPaymentRef(ctx, ordersdb.SetPaymentRefParams{ID: orderID, PaymentRef: pi.ID})
}

// ---- negatives ----

// The order row, with the ID the charge carries, commits on the pool
// before the charge: the article's recommended order.
func chargeAfterIntent(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	q := ordersdb.New(db)
	if err := q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: orderID, Total: 5}); err != nil {
		return err
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params)
	if err != nil {
		return err
	}
	return q.SetPaymentRef(ctx, ordersdb.SetPaymentRefParams{ID: orderID, PaymentRef: pi.ID})
}

// The order row commits in a transaction before the charge.
func chargeAfterCommit(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := ordersdb.New(tx).CreateOrder(ctx, ordersdb.CreateOrderParams{ID: orderID, Total: 5}); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params)
	if err != nil {
		return err
	}
	return ordersdb.New(db).SetPaymentRef(ctx, ordersdb.SetPaymentRefParams{ID: orderID, PaymentRef: pi.ID})
}

// A worker whose queries come from its constructor: the handle is not
// known here, so the intent may or may not be durable. Silent.
type worker struct{ q *ordersdb.Queries }

func (w *worker) ProcessTask(ctx context.Context, t *asynq.Task) error {
	orderID := string(t.Payload())
	if err := w.q.CreateOrder(ctx, ordersdb.CreateOrderParams{ID: orderID, Total: 5}); err != nil {
		return err
	}
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(5)}
	params.SetIdempotencyKey(orderID)
	pi, err := paymentintent.New(params)
	if err != nil {
		return err
	}
	return w.q.SetPaymentRef(ctx, ordersdb.SetPaymentRefParams{ID: orderID, PaymentRef: pi.ID})
}
