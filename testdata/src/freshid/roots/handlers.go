package roots

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/google/uuid"
	amqp "github.com/rabbitmq/amqp091-go"
)

// A delivery handler a consumer of another package runs: its type is
// the consumer's alone, whatever registers it.
type DeliveryHandler func(ctx context.Context, d amqp.Delivery) error

// ScanHandler returns the handler of carrier scans.
func ScanHandler() DeliveryHandler {
	return func(ctx context.Context, d amqp.Delivery) error {
		_, err := db.ExecContext(ctx, "INSERT INTO scans (id, body) VALUES ($1, $2)", uuid.NewString(), d.Body) // want `a retry inserts a second scans row with a new id: uuid.NewString\(\) is fresh on every attempt \(AMQP delivery handler func literal in ScanHandler\)`
		return err
	}
}

// SlotHandler handles one SQS message.
func SlotHandler(ctx context.Context, m types.Message) error {
	_, err := db.ExecContext(ctx, "INSERT INTO slots (id, body) VALUES ($1, $2)", uuid.NewString(), *m.Body) // want `a retry inserts a second slots row with a new id: uuid.NewString\(\) is fresh on every attempt \(SQS message handler SlotHandler\)`
	return err
}

// Negative: a publisher's function is given what it sends.
func publish(ctx context.Context, p amqp.Publishing) error {
	_, err := db.ExecContext(ctx, "INSERT INTO sent (id, body) VALUES ($1, $2)", uuid.NewString(), p.Body)
	return err
}
