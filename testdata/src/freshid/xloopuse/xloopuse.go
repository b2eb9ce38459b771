// Package xloopuse hands its handlers to a consumer loop of another
// package.
package xloopuse

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"freshid/xloop"
)

var db *sql.DB

// Remittances records each remittance message.
type Remittances struct{ r *kafka.Reader }

// Run hands the method to the loop.
func (c *Remittances) Run(ctx context.Context) error {
	return xloop.Run(ctx, c.r, c.Handle)
}

// Handle runs once per delivery, and again when it is delivered again.
func (c *Remittances) Handle(ctx context.Context, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO remittances (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value) // want `a retry inserts a second remittances row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Remittances.Handle\)`
	return err
}

// Negative: a loop that receives nothing calls its function.
func Seed(ctx context.Context) {
	xloop.Each([]string{"a"}, func(s string) {
		db.ExecContext(ctx, "INSERT INTO seeds (id, name) VALUES ($1, $2)", uuid.NewString(), s)
	})
}

// A Payment is the event a payment message carries.
type Payment struct{ Ref string }

// Register hands the handler to the registry, which decodes each
// message for it.
func (c *Remittances) Register(r *xloop.Registry) {
	xloop.Handle(r, c.onPayment)
}

func (c *Remittances) onPayment(ctx context.Context, p Payment, msg *message.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO payments (id, ref) VALUES ($1, $2)", uuid.NewString(), p.Ref) // want `a retry inserts a second payments row with a new id: uuid.NewString\(\) is fresh on every attempt \(watermill handler Remittances.onPayment\)`
	return err
}

// Negative: a function called later, by no delivery.
func Cleanup() func() {
	return xloop.Deferred(func(ctx context.Context) {
		db.ExecContext(ctx, "INSERT INTO cleanups (id) VALUES ($1)", uuid.NewString())
	})
}

// A Remit is the body of a remittance request.
type Remit struct{ Ref string }

// Routes hands typed handlers to the adapters of another package, which
// hand them on to the one that serves them.
func (c *Remittances) Routes(mux *http.ServeMux) {
	mux.Handle("POST /remits", xloop.Created(c.create))
	mux.Handle("POST /remits/batch", xloop.Accepted(c.batch))
}

func (c *Remittances) create(ctx context.Context, r Remit) error {
	_, err := db.ExecContext(ctx, "INSERT INTO remits (id, ref) VALUES ($1, $2)", uuid.NewString(), r.Ref) // want `a retry inserts a second remits row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Remittances.create\)`
	return err
}

func (c *Remittances) batch(ctx context.Context, r Remit) error {
	_, err := db.ExecContext(ctx, "INSERT INTO remit_batches (id, ref) VALUES ($1, $2)", uuid.NewString(), r.Ref) // want `a retry inserts a second remit_batches row with a new id: uuid.NewString\(\) is fresh on every attempt \(HTTP handler Remittances.batch\)`
	return err
}

// Negative: a function handed on to one that no delivery runs.
func Flush() func() {
	return xloop.Later(func(ctx context.Context) {
		db.ExecContext(ctx, "INSERT INTO flushes (id) VALUES ($1)", uuid.NewString())
	})
}

// Wire hands handlers to the router, the consumer and the table of
// another package, which keep them in fields their loops call.
func (c *Remittances) Wire(ctx context.Context, r *xloop.Router) {
	r.Route("refunds", c.refund)
	cons := xloop.NewConsumer(c.r, c.settle)
	cons.OnStop = func(ctx context.Context) {
		// Negative: a field called once, when the consumer stops.
		db.ExecContext(ctx, "INSERT INTO stops (id) VALUES ($1)", uuid.NewString())
	}
	xloop.Start(ctx, c.r, []xloop.Subscription{
		{Topic: "fees", Handler: c.fee},
		{Topic: "holds", Handler: func(ctx context.Context, m kafka.Message) error {
			_, err := db.ExecContext(ctx, "INSERT INTO holds (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value) // want `a retry inserts a second holds row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop func literal in Remittances.Wire\)`
			return err
		}},
	})
}

func (c *Remittances) refund(ctx context.Context, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO refunds (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value) // want `a retry inserts a second refunds row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Remittances.refund\)`
	return err
}

func (c *Remittances) settle(ctx context.Context, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO settlements (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value) // want `a retry inserts a second settlements row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Remittances.settle\)`
	return err
}

func (c *Remittances) fee(ctx context.Context, m kafka.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO fees (id, body) VALUES ($1, $2)", uuid.NewString(), m.Value) // want `a retry inserts a second fees row with a new id: uuid.NewString\(\) is fresh on every attempt \(kafka-go consumer loop Remittances.fee\)`
	return err
}
