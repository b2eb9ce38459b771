// Package deposits consumes the sponsor bank's RT-account events from SQS.
// The bank publishes to an SNS topic fanned out to a standard SQS queue, so
// messages arrive at least once and occasionally out of order.
package deposits

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Consumer long-polls a queue and dispatches messages to a Router.
type Consumer struct {
	client            SQSAPI
	queueURL          string
	router            *Router
	log               *slog.Logger
	workers           int
	visibilityTimeout int32
}

// NewConsumer builds a consumer with the given parallelism.
func NewConsumer(client SQSAPI, queueURL string, router *Router, log *slog.Logger, workers int) *Consumer {
	if workers <= 0 {
		workers = 4
	}
	return &Consumer{
		client:            client,
		queueURL:          queueURL,
		router:            router,
		log:               log,
		workers:           workers,
		visibilityTimeout: 120,
	}
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
				c.process(ctx, m)
			}
		}()
	}
	defer func() {
		close(msgs)
		wg.Wait()
	}()

	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     20,
			VisibilityTimeout:   c.visibilityTimeout,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			c.log.Error("receive messages", "err", err)
			select {
			case <-time.After(5 * time.Second):
			case <-ctx.Done():
				return nil
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

// process handles one message. Failures leave the message on the queue; it
// becomes visible again after the visibility timeout and, after the queue's
// maxReceiveCount, moves to the dead-letter queue.
func (c *Consumer) process(ctx context.Context, m types.Message) {
	log := c.log.With("message_id", aws.ToString(m.MessageId),
		"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	if err := c.router.Dispatch(ctx, []byte(aws.ToString(m.Body))); err != nil {
		log.Warn("deposit event failed", "err", err, "permanent", errors.Is(err, ErrPermanent))
		return
	}
	if _, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		log.Warn("delete message", "err", err)
	}
}
