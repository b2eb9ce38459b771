package roots

import (
	"context"

	"github.com/aws/aws-lambda-go/events"
	"github.com/google/uuid"
)

// Refunds is started by another package's main, as lambda.Start(r.Handle):
// its package knows it as a Lambda handler by its shape.
type Refunds struct{}

func (Refunds) Handle(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
	for _, m := range ev.Records {
		db.ExecContext(ctx, "INSERT INTO refunds (id, body) VALUES ($1, $2)", uuid.NewString(), m.Body) // want `Lambda SQS handler Refunds.Handle`
	}
	return events.SQSEventResponse{}, nil
}

// Schedule answers its EventBridge event with a response of its own, as
// lambda.Start allows: a Lambda handler still.
type Schedule struct{}

func (Schedule) Handle(ctx context.Context, ev events.EventBridgeEvent) (struct{}, error) {
	_, err := db.ExecContext(ctx, "INSERT INTO sweeps (id, source) VALUES ($1, $2)", uuid.NewString(), ev.Source) // want `Lambda EventBridge handler Schedule.Handle`
	return struct{}{}, err
}

// HandleRecord handles one record of an SQS batch, which a router of
// another package hands it.
func (Refunds) HandleRecord(ctx context.Context, m events.SQSMessage) error {
	_, err := db.ExecContext(ctx, "INSERT INTO refunds (id, body) VALUES ($1, $2)", uuid.NewString(), m.Body) // want `Lambda SQS record handler Refunds.HandleRecord`
	return err
}

// Not handlers: no error to fail the delivery with, a second event,
// an argument before the context.
func (Refunds) Summarise(ctx context.Context, m events.SQSMessage) string {
	db.ExecContext(ctx, "INSERT INTO refunds (id, body) VALUES ($1, $2)", uuid.NewString(), m.Body)
	return m.Body
}

func (Refunds) Pair(ctx context.Context, a, b events.SQSMessage) error {
	_, err := db.ExecContext(ctx, "INSERT INTO refunds (id, body) VALUES ($1, $2)", uuid.NewString(), a.Body+b.Body)
	return err
}

func (Refunds) Swapped(m events.SQSMessage, ctx context.Context) error {
	_, err := db.ExecContext(ctx, "INSERT INTO refunds (id, body) VALUES ($1, $2)", uuid.NewString(), m.Body)
	return err
}
