// Package flightfeed consumes the flight-status feed from SQS and routes each
// event to the handler registered for its type.
package flightfeed

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/skyguard-travel/policyhub/internal/flightevents"
	"github.com/skyguard-travel/policyhub/internal/parametric"
)

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// HandlerFunc handles one decoded feed event.
type HandlerFunc func(ctx context.Context, ev flightevents.Event) error

// Consumer long-polls the queue. A message is deleted only after its handler
// returns nil; otherwise it becomes visible again after the visibility
// timeout and is redelivered, and after maxReceiveCount receives the queue's
// redrive policy moves it to the dead-letter queue.
type Consumer struct {
	client            SQSAPI
	queueURL          string
	handlers          map[string]HandlerFunc
	workers           int
	visibilityTimeout int32
	handlerTimeout    time.Duration
	log               *slog.Logger
}

// ConsumerOption configures a Consumer.
type ConsumerOption func(*Consumer)

// WithWorkers sets how many messages are handled concurrently.
func WithWorkers(n int) ConsumerOption { return func(c *Consumer) { c.workers = n } }

// WithVisibilityTimeout sets the receive visibility timeout in seconds.
func WithVisibilityTimeout(sec int32) ConsumerOption {
	return func(c *Consumer) { c.visibilityTimeout = sec }
}

// NewConsumer returns a consumer dispatching to handlers by event type.
func NewConsumer(client SQSAPI, queueURL string, handlers map[string]HandlerFunc, log *slog.Logger, opts ...ConsumerOption) *Consumer {
	c := &Consumer{
		client:            client,
		queueURL:          queueURL,
		handlers:          handlers,
		workers:           4,
		visibilityTimeout: 120,
		handlerTimeout:    90 * time.Second,
		log:               log,
	}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	msgs := make(chan types.Message)
	var wg sync.WaitGroup
	for i := 0; i < c.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range msgs {
				c.handle(ctx, m)
			}
		}()
	}
	defer func() {
		close(msgs)
		wg.Wait()
	}()

	for {
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           c.visibilityTimeout,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if errors.Is(ctx.Err(), context.Canceled) {
				return nil
			}
			c.log.ErrorContext(ctx, "receive from flight feed", "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(2 * time.Second):
			}
			continue
		}
		for _, m := range out.Messages {
			select {
			case msgs <- m:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m types.Message) {
	log := c.log.With("message_id", aws.ToString(m.MessageId),
		"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	ev, err := flightevents.Parse([]byte(aws.ToString(m.Body)))
	if err != nil {
		// A malformed message will never parse; let the redrive policy
		// move it to the dead-letter queue.
		log.ErrorContext(ctx, "unparseable flight event", "err", err)
		return
	}
	h, ok := c.handlers[ev.Type]
	if !ok {
		log.DebugContext(ctx, "no handler for flight event", "type", ev.Type)
		c.delete(ctx, m, log)
		return
	}

	hctx, cancel := context.WithTimeout(ctx, c.handlerTimeout)
	defer cancel()
	if err := h(hctx, ev); err != nil {
		log.ErrorContext(ctx, "flight event handler failed", "type", ev.Type, "event_id", ev.EventID, "err", err)
		return
	}
	c.delete(ctx, m, log)
}

func (c *Consumer) delete(ctx context.Context, m types.Message, log *slog.Logger) {
	if _, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		log.WarnContext(ctx, "delete flight event", "err", err)
	}
}

// Handlers builds the event-type routing table for the consumer.
func Handlers(status flightevents.StatusWriter, delay parametric.Service, disruption DisruptionNotifier) map[string]HandlerFunc {
	return map[string]HandlerFunc{
		flightevents.TypeStatus: status.Record,
		flightevents.TypeArrived: func(ctx context.Context, ev flightevents.Event) error {
			return delay.HandleArrival(ctx, ev)
		},
		flightevents.TypeCancelled: func(ctx context.Context, ev flightevents.Event) error {
			if err := status.Record(ctx, ev); err != nil {
				return err
			}
			return disruption.NotifyCancelled(ctx, ev)
		},
	}
}
