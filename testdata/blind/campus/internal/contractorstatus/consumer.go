// Package contractorstatus consumes work-order status updates that the
// contractor network publishes to our SQS queue (accepted, scheduled,
// completed with invoice, free-text notes).
//
// SQS delivers at least once: a message that is not deleted before its
// visibility timeout expires is delivered again, and after maxReceiveCount
// receives it moves to the dead-letter queue.
package contractorstatus

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/quadhall/housing/internal/metrics"
)

// SQSAPI is the subset of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// QueueURL is the contractor-status queue URL.
type QueueURL string

// Delivery is one received SQS message.
type Delivery struct {
	MessageID    string
	Body         []byte
	ReceiveCount int
}

// MessageHandler processes a delivery; returning nil deletes the message.
type MessageHandler interface {
	HandleDelivery(ctx context.Context, d Delivery) error
}

// Consumer long-polls the queue and hands messages to a MessageHandler.
type Consumer struct {
	sqs       SQSAPI
	queueURL  string
	handler   MessageHandler
	log       *slog.Logger
	metrics   metrics.Recorder
	batchSize int32
	waitSecs  int32
	visSecs   int32
}

// NewConsumer returns a Consumer.
func NewConsumer(api SQSAPI, url QueueURL, h MessageHandler, log *slog.Logger, m metrics.Recorder) *Consumer {
	return &Consumer{
		sqs: api, queueURL: string(url), handler: h, log: log, metrics: m,
		batchSize: 10, waitSecs: 20, visSecs: 90,
	}
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		out, err := c.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.queueURL),
			MaxNumberOfMessages:         c.batchSize,
			WaitTimeSeconds:             c.waitSecs,
			VisibilityTimeout:           c.visSecs,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if errors.Is(ctx.Err(), context.Canceled) {
				return nil
			}
			c.log.ErrorContext(ctx, "receive failed", "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(2 * time.Second):
			}
			continue
		}

		var wg sync.WaitGroup
		for _, m := range out.Messages {
			wg.Add(1)
			go func(m types.Message) {
				defer wg.Done()
				c.process(ctx, m)
			}(m)
		}
		wg.Wait()
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	d := Delivery{
		MessageID: aws.ToString(m.MessageId),
		Body:      []byte(aws.ToString(m.Body)),
	}
	if n, err := strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]); err == nil {
		d.ReceiveCount = n
	}

	hctx, cancel := context.WithTimeout(ctx, time.Duration(c.visSecs-10)*time.Second)
	defer cancel()
	if err := c.handler.HandleDelivery(hctx, d); err != nil {
		// Leave it on the queue; it becomes visible again after the timeout.
		c.metrics.Inc("contractor_status", "failed")
		c.log.ErrorContext(ctx, "contractor status failed", "message_id", d.MessageID, "receive_count", d.ReceiveCount, "err", err)
		return
	}
	if _, err := c.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		c.log.WarnContext(ctx, "delete message failed", "message_id", d.MessageID, "err", err)
	}
	c.metrics.Inc("contractor_status", "ok")
}
