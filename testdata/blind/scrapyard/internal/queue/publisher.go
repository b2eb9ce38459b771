// Package queue carries domain events over SQS: an envelope format, a
// publisher, and a polling consumer that dispatches by message type.
package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Envelope wraps every message body. ID is assigned by the producer (the
// outbox row id, or the id of the entity the message is about) and survives
// republishing; SQS's own MessageId does not.
type Envelope struct {
	ID         string          `json:"id"`
	Type       string          `json:"type"`
	OccurredAt time.Time       `json:"occurred_at"`
	Payload    json.RawMessage `json:"payload"`

	// Receipt metadata, filled in by the consumer.
	ReceiveCount int    `json:"-"`
	SQSMessageID string `json:"-"`
}

// NewEnvelope marshals payload under the given id and type.
func NewEnvelope(id, typ string, payload any) (Envelope, error) {
	raw, err := json.Marshal(payload)
	if err != nil {
		return Envelope{}, fmt.Errorf("marshal %s payload: %w", typ, err)
	}
	return Envelope{ID: id, Type: typ, OccurredAt: time.Now().UTC(), Payload: raw}, nil
}

// Publisher sends envelopes to standard SQS queues.
type Publisher struct {
	client API
	queues map[string]string // topic -> queue URL
}

func NewPublisher(client API, queues map[string]string) *Publisher {
	return &Publisher{client: client, queues: queues}
}

// Publish sends env to the queue registered for topic.
func (p *Publisher) Publish(ctx context.Context, topic string, env Envelope) error {
	url, ok := p.queues[topic]
	if !ok || url == "" {
		return fmt.Errorf("no queue configured for topic %q", topic)
	}
	body, err := json.Marshal(env)
	if err != nil {
		return fmt.Errorf("marshal envelope: %w", err)
	}
	_, err = p.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:    aws.String(url),
		MessageBody: aws.String(string(body)),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(env.Type)},
		},
	})
	if err != nil {
		return fmt.Errorf("sqs send %s: %w", env.Type, err)
	}
	return nil
}
