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
