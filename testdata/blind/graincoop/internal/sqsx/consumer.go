// Package sqsx runs a long-polling SQS consumer that dispatches messages by
// their event_type attribute.
package sqsx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

type API interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

// Meta describes the SQS delivery of a message.
type Meta struct {
	MessageID    string
	ReceiveCount string
	EventType    string
	SentAt       time.Time
}

type Handler func(ctx context.Context, body []byte, meta Meta) error

// Typed adapts a handler for a JSON payload of type T.
func Typed[T any](fn func(ctx context.Context, evt T, meta Meta) error) Handler {
	return func(ctx context.Context, body []byte, meta Meta) error {
		var evt T
		if err := json.Unmarshal(body, &evt); err != nil {
			return fmt.Errorf("%w: %v", ErrUnprocessable, err)
		}
		return fn(ctx, evt, meta)
	}
}

// ErrUnprocessable tells the consumer to delete a message that can never
// succeed.
var ErrUnprocessable = errors.New("sqsx: unprocessable message")

type Consumer struct {
	api      API
	queueURL string
	handlers map[string]Handler
	log      *slog.Logger

	Wait        int32
	Batch       int32
	Visibility  int32
	Concurrency int
}

func NewConsumer(api API, queueURL string, handlers map[string]Handler, log *slog.Logger) *Consumer {
	return &Consumer{api: api, queueURL: queueURL, handlers: handlers, log: log, Wait: 20, Batch: 10, Visibility: 60, Concurrency: 4}
}

func (c *Consumer) Run(ctx context.Context) error {
	sem := make(chan struct{}, c.Concurrency)
	for {
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.queueURL),
			MaxNumberOfMessages:         c.Batch,
			WaitTimeSeconds:             c.Wait,
			VisibilityTimeout:           c.Visibility,
			MessageAttributeNames:       []string{"All"},
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameAll},
		})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			c.log.Error("receive failed", "err", err)
			time.Sleep(time.Second)
			continue
		}
		for _, m := range out.Messages {
			sem <- struct{}{}
			go func(m types.Message) {
				defer func() { <-sem }()
				c.handle(ctx, m)
			}(m)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m types.Message) {
	meta := Meta{MessageID: aws.ToString(m.MessageId)}
	if v, ok := m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]; ok {
		meta.ReceiveCount = v
	}
	if a, ok := m.MessageAttributes["event_type"]; ok {
		meta.EventType = aws.ToString(a.StringValue)
	}
	log := c.log.With("message_id", meta.MessageID, "event_type", meta.EventType, "receive_count", meta.ReceiveCount)
	h, ok := c.handlers[meta.EventType]
	if !ok {
		log.Warn("no handler for event type; leaving for DLQ")
		return
	}
	err := h(ctx, []byte(aws.ToString(m.Body)), meta)
	switch {
	case err == nil, errors.Is(err, ErrUnprocessable):
		if err != nil {
			log.Error("deleting unprocessable message", "err", err)
		}
		if _, derr := c.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
			QueueUrl:      aws.String(c.queueURL),
			ReceiptHandle: m.ReceiptHandle,
		}); derr != nil {
			log.Error("delete failed", "err", derr)
		}
	default:
		// Leave the message; it becomes visible again after the timeout and
		// moves to the DLQ after the queue's maxReceiveCount.
		log.Warn("handler failed", "err", err)
	}
}
