// Package msgids publishes messages with fresh IDs from retried
// handlers. Nothing here deduplicates on them: a watermill handler's
// reply and an AMQP publishing are new messages on every attempt, as
// the brokers treat them anyway, and no finding is expected.
package msgids

import (
	"context"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	amqp "github.com/rabbitmq/amqp091-go"
)

// reply answers a command with a message of its own ID.
func reply(msg *message.Message) ([]*message.Message, error) {
	out := message.NewMessage(watermill.NewUUID(), msg.Payload)
	return []*message.Message{out}, nil
}

var ch *amqp.Channel

// notify publishes an event with a fresh message ID.
func notify(ctx context.Context, t *asynq.Task) error {
	return ch.PublishWithContext(ctx, "orders", "created", false, false, amqp.Publishing{
		MessageId: uuid.NewString(),
		Body:      t.Payload(),
	})
}

func register(r *message.Router, sub message.Subscriber, pub message.Publisher, mux *asynq.ServeMux) {
	r.AddHandler("reply", "commands", sub, "replies", pub, reply)
	mux.HandleFunc("notify", notify)
}
