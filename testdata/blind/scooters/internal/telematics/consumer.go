// Package telematics consumes scooter events from the SQS telematics queue.
package telematics

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/kickvolt/ridecore/internal/reqctx"
)

// Envelope is the JSON body the IoT rule puts on the queue.
type Envelope struct {
	Type      string          `json:"type"`
	ScooterID string          `json:"scooter_id"`
	EmittedAt time.Time       `json:"emitted_at"`
	Payload   json.RawMessage `json:"payload"`
}

// Message is one received queue message.
type Message struct {
	ID       string
	Envelope Envelope
}

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Consumer long-polls the queue and dispatches messages to the registry.
type Consumer struct {
	client   SQSAPI
	queueURL string
	handlers Registry
	workers  int
	log      *slog.Logger

	wg     sync.WaitGroup
	cancel context.CancelFunc
}

// NewConsumer builds a consumer; workers bounds concurrent handlers.
func NewConsumer(client SQSAPI, queueURL string, handlers Registry, workers int, log *slog.Logger) *Consumer {
	if workers < 1 {
		workers = 1
	}
	return &Consumer{client: client, queueURL: queueURL, handlers: handlers, workers: workers, log: log}
}

// Start begins polling in the background.
func (c *Consumer) Start(ctx context.Context) {
	ctx, c.cancel = context.WithCancel(context.WithoutCancel(ctx))
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		c.loop(ctx)
	}()
}

// Stop stops polling and waits for in-flight messages.
func (c *Consumer) Stop(ctx context.Context) error {
	if c.cancel != nil {
		c.cancel()
	}
	done := make(chan struct{})
	go func() { c.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *Consumer) loop(ctx context.Context) {
	sem := make(chan struct{}, c.workers)
	for ctx.Err() == nil {
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           60,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			c.log.Error("telematics receive", "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			sem <- struct{}{}
			c.wg.Add(1)
			go func(m types.Message) {
				defer func() { <-sem; c.wg.Done() }()
				c.handle(ctx, m)
			}(m)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m types.Message) {
	id := aws.ToString(m.MessageId)
	ctx = reqctx.WithRequestID(ctx, "sqs-"+id)
	log := c.log.With("message_id", id)

	var env Envelope
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &env); err != nil {
		log.Error("telematics: undecodable body, dropping", "err", err)
		c.delete(ctx, m)
		return
	}
	h, ok := c.handlers[env.Type]
	if !ok {
		log.Warn("telematics: no handler, dropping", "type", env.Type)
		c.delete(ctx, m)
		return
	}

	hctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
	err := h(hctx, Message{ID: id, Envelope: env})
	var perm *PermanentError
	switch {
	case err == nil:
		c.delete(ctx, m)
	case errors.As(err, &perm):
		log.Error("telematics: permanent failure, dropping", "type", env.Type, "err", err)
		c.delete(ctx, m)
	default:
		// Leave it; SQS redelivers after the visibility timeout and the
		// redrive policy moves it to the DLQ after 8 receives.
		log.Warn("telematics: handler failed", "type", env.Type, "err", err)
	}
}

func (c *Consumer) delete(ctx context.Context, m types.Message) {
	_, err := c.client.DeleteMessage(context.WithoutCancel(ctx), &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if err != nil {
		c.log.Error("telematics delete", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}
