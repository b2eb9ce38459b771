// Package sqsconsumer runs long-polling SQS consumers for partner events.
//
// A message is deleted only after its handler returns nil; otherwise it
// becomes visible again when its visibility timeout lapses and is
// redelivered, until the queue's redrive policy moves it to the DLQ.
package sqsconsumer

import (
	"context"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the subset of the SQS client used by consumers.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Meta describes the delivery of a message.
type Meta struct {
	MessageID    string
	ReceiveCount int
	SentAt       time.Time
}

// HandlerFunc processes one SQS message.
type HandlerFunc func(ctx context.Context, msg types.Message) error

// Consumer long-polls one queue.
type Consumer struct {
	Name       string
	QueueURL   string
	Handle     HandlerFunc
	API        SQSAPI
	Wait       int32
	MaxBatch   int32
	Visibility int32
	Log        *slog.Logger
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) {
	log := c.Log.With("consumer", c.Name)
	backoff := time.Second
	for ctx.Err() == nil {
		out, err := c.API.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.QueueURL),
			MaxNumberOfMessages: c.MaxBatch,
			WaitTimeSeconds:     c.Wait,
			VisibilityTimeout:   c.Visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
				types.MessageSystemAttributeNameSentTimestamp,
			},
			MessageAttributeNames: []string{"All"},
		})
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Error("receive failed", "err", err, "retry_in", backoff)
			sleep(ctx, backoff)
			backoff = min(backoff*2, 30*time.Second)
			continue
		}
		backoff = time.Second

		for _, m := range out.Messages {
			if err := c.Handle(ctx, m); err != nil {
				log.Warn("message handling failed; leaving for redelivery",
					"message_id", aws.ToString(m.MessageId), "err", err)
				continue
			}
			if _, err := c.API.DeleteMessage(ctx, &sqs.DeleteMessageInput{
				QueueUrl:      aws.String(c.QueueURL),
				ReceiptHandle: m.ReceiptHandle,
			}); err != nil {
				log.Warn("delete failed", "message_id", aws.ToString(m.MessageId), "err", err)
			}
		}
	}
}

// MetaOf extracts delivery metadata from a message.
func MetaOf(m types.Message) Meta {
	meta := Meta{MessageID: aws.ToString(m.MessageId)}
	if v, ok := m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]; ok {
		meta.ReceiveCount, _ = strconv.Atoi(v)
	}
	if v, ok := m.Attributes[string(types.MessageSystemAttributeNameSentTimestamp)]; ok {
		if ms, err := strconv.ParseInt(v, 10, 64); err == nil {
			meta.SentAt = time.UnixMilli(ms).UTC()
		}
	}
	return meta
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// Group runs several consumers and stops them together.
type Group struct {
	consumers []*Consumer
	cancel    context.CancelFunc
	wg        sync.WaitGroup
}

// Start launches every consumer.
func (g *Group) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	g.cancel = cancel
	for _, c := range g.consumers {
		g.wg.Add(1)
		go func(c *Consumer) {
			defer g.wg.Done()
			c.Run(ctx)
		}(c)
	}
}

// Stop cancels the consumers and waits for in-flight batches.
func (g *Group) Stop(ctx context.Context) error {
	if g.cancel != nil {
		g.cancel()
	}
	done := make(chan struct{})
	go func() { g.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
