// Package metering consumes smart-meter events from the usage SQS queue.
// Delivery is at-least-once: a message that is not deleted before its
// visibility timeout expires is delivered again.
package metering

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

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/service"
)

// SQSAPI is the subset of the SQS client used by the consumer.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Envelope is the JSON body the meter gateway publishes.
type Envelope struct {
	Type    string          `json:"type"`
	Version int             `json:"version"`
	Data    json.RawMessage `json:"data"`
}

// Handler processes one message. messageID is the SQS MessageId, which is
// the same on every delivery of a message.
type Handler func(ctx context.Context, messageID string, data json.RawMessage) error

// Consumer long-polls the queue and dispatches by envelope type.
type Consumer struct {
	api         SQSAPI
	queueURL    string
	visibility  time.Duration
	waitSeconds int32
	batch       int32
	log         *slog.Logger
	handlers    map[string]Handler
}

// Option configures a Consumer.
type Option func(*Consumer)

// WithVisibilityTimeout sets how long a received message stays hidden.
func WithVisibilityTimeout(d time.Duration) Option { return func(c *Consumer) { c.visibility = d } }

// WithBatchSize sets MaxNumberOfMessages per receive (1-10).
func WithBatchSize(n int32) Option { return func(c *Consumer) { c.batch = n } }

// New builds a Consumer wired to the metering service.
func New(api SQSAPI, queueURL string, svc service.MeteringService, log *slog.Logger, opts ...Option) *Consumer {
	c := &Consumer{
		api:         api,
		queueURL:    queueURL,
		visibility:  60 * time.Second,
		waitSeconds: 20,
		batch:       10,
		log:         log,
	}
	for _, o := range opts {
		o(c)
	}
	c.handlers = map[string]Handler{
		"meter.reading": typed(func(ctx context.Context, _ string, r service.MeterReading) error {
			return svc.RecordReading(ctx, r)
		}),
		"meter.session_started": typed(svc.StartSession),
		"meter.session_closed": typed(func(ctx context.Context, _ string, s service.SessionClosed) error {
			return svc.CloseSession(ctx, s)
		}),
	}
	return c
}

type poison struct{ err error }

func (p poison) Error() string { return p.err.Error() }
func (p poison) Unwrap() error { return p.err }

func typed[T any](fn func(ctx context.Context, messageID string, v T) error) Handler {
	return func(ctx context.Context, messageID string, data json.RawMessage) error {
		var v T
		if err := json.Unmarshal(data, &v); err != nil {
			return poison{fmt.Errorf("decode: %w", err)}
		}
		return fn(ctx, messageID, v)
	}
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.queueURL),
			MaxNumberOfMessages: c.batch,
			WaitTimeSeconds:     c.waitSeconds,
			VisibilityTimeout:   int32(c.visibility.Seconds()),
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.log.ErrorContext(ctx, "receive failed", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			c.process(ctx, m)
		}
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	msgID := aws.ToString(m.MessageId)
	hctx, cancel := context.WithTimeout(ctx, c.visibility-5*time.Second)
	defer cancel()

	err := c.handle(hctx, msgID, aws.ToString(m.Body))
	var p poison
	switch {
	case err == nil:
	case errors.As(err, &p), errors.Is(err, domain.ErrValidation):
		c.log.ErrorContext(ctx, "dropping unprocessable message", "message_id", msgID, "err", err)
	default:
		c.log.WarnContext(ctx, "message will be redelivered", "message_id", msgID,
			"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)], "err", err)
		return
	}
	if _, err := c.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		c.log.WarnContext(ctx, "delete failed", "message_id", msgID, "err", err)
	}
}

func (c *Consumer) handle(ctx context.Context, msgID, body string) error {
	var env Envelope
	if err := json.Unmarshal([]byte(body), &env); err != nil {
		return poison{fmt.Errorf("envelope: %w", err)}
	}
	h, ok := c.handlers[env.Type]
	if !ok {
		return poison{fmt.Errorf("unknown message type %q", env.Type)}
	}
	return h(ctx, msgID, env.Data)
}
