// Package kiosk consumes the events that site kiosks publish to SQS.
package kiosk

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Consumer long-polls the kiosk queue (a standard, at-least-once queue). A
// message is deleted only after its handler returns nil; otherwise it becomes
// visible again when the visibility timeout lapses and is redelivered until
// the redrive policy moves it to the dead-letter queue.
type Consumer struct {
	client   SQSAPI
	queueURL string
	handlers map[string]HandlerFunc
	log      *slog.Logger

	waitSeconds int32
	batchSize   int32
	visibility  int32
}

// Option configures a Consumer.
type Option func(*Consumer)

// WithBatchSize sets how many messages are received per poll (max 10).
func WithBatchSize(n int32) Option { return func(c *Consumer) { c.batchSize = n } }

// WithVisibilityTimeout overrides the queue's visibility timeout.
func WithVisibilityTimeout(d time.Duration) Option {
	return func(c *Consumer) { c.visibility = int32(d / time.Second) }
}

// NewConsumer returns a Consumer for queueURL.
func NewConsumer(client SQSAPI, queueURL string, handlers map[string]HandlerFunc, log *slog.Logger, opts ...Option) *Consumer {
	c := &Consumer{
		client:      client,
		queueURL:    queueURL,
		handlers:    handlers,
		log:         log,
		waitSeconds: 20,
		batchSize:   10,
		visibility:  60,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.queueURL),
			MaxNumberOfMessages: c.batchSize,
			WaitTimeSeconds:     c.waitSeconds,
			VisibilityTimeout:   c.visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			c.log.ErrorContext(ctx, "receive kiosk messages", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			c.process(ctx, m)
		}
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	log := c.log.With("message_id", aws.ToString(m.MessageId),
		"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	var env Envelope
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &env); err != nil {
		log.ErrorContext(ctx, "dropping malformed kiosk message", "err", err)
		c.delete(ctx, m, log)
		return
	}
	log = log.With("event_id", env.EventID, "type", env.Type, "kiosk", env.KioskID)
	h, ok := c.handlers[env.Type]
	if !ok {
		log.WarnContext(ctx, "no handler for kiosk event")
		c.delete(ctx, m, log)
		return
	}

	hctx, cancel := context.WithTimeout(ctx, time.Duration(c.visibility-5)*time.Second)
	defer cancel()
	if err := h(hctx, env); err != nil {
		var perm *PermanentError
		if errors.As(err, &perm) {
			log.ErrorContext(ctx, "dropping kiosk event", "err", err)
			c.delete(ctx, m, log)
			return
		}
		log.WarnContext(ctx, "kiosk event failed, leaving for redelivery", "err", err)
		return
	}
	c.delete(ctx, m, log)
}

func (c *Consumer) delete(ctx context.Context, m types.Message, log *slog.Logger) {
	_, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if err != nil {
		log.ErrorContext(ctx, "delete kiosk message", "err", err)
	}
}
