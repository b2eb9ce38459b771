// Package sqsq polls and publishes to AWS SQS queues.
package sqsq

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
)

// API is the part of the SQS client used here.
type API interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, opts ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// Handler processes one message. A nil error deletes the message; any error
// leaves it on the queue to be delivered again after the visibility timeout
// (and, after maxReceiveCount deliveries, moved to the dead-letter queue).
type Handler func(ctx context.Context, msg types.Message) error

// Consumer long-polls a queue.
type Consumer struct {
	api         API
	queueURL    string
	handler     Handler
	workers     int
	waitSeconds int32
	log         *slog.Logger
}

// ConsumerOption configures a Consumer.
type ConsumerOption func(*Consumer)

// WithWorkers sets the number of messages handled concurrently.
func WithWorkers(n int) ConsumerOption { return func(c *Consumer) { c.workers = n } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) ConsumerOption { return func(c *Consumer) { c.log = l } }

// NewConsumer returns a consumer for queueURL.
func NewConsumer(api API, queueURL string, h Handler, opts ...ConsumerOption) *Consumer {
	c := &Consumer{api: api, queueURL: queueURL, handler: h, workers: 4, waitSeconds: 20, log: slog.Default()}
	for _, o := range opts {
		o(c)
	}
	return c
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	sem := make(chan struct{}, c.workers)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             c.waitSeconds,
			MessageAttributeNames:       []string{"All"},
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			c.log.Error("sqs receive", "queue", c.queueURL, "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			sem <- struct{}{}
			wg.Add(1)
			go func(m types.Message) {
				defer func() { <-sem; wg.Done() }()
				c.handle(ctx, m)
			}(m)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, m types.Message) {
	if err := c.handler(ctx, m); err != nil {
		c.log.Warn("sqs message failed; leaving for redelivery",
			"message_id", aws.ToString(m.MessageId),
			"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)],
			"err", err)
		return
	}
	if _, err := c.api.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		c.log.Error("sqs delete", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}

// FIFOPublisher sends JSON messages to a FIFO queue. SQS drops a message
// whose MessageDeduplicationId it has seen in the last five minutes.
type FIFOPublisher struct {
	api      API
	queueURL string
	format   string
}

// NewFIFOPublisher returns a publisher for a .fifo queue. format is sent as
// the "format" message attribute so consumers can pick a decoder.
func NewFIFOPublisher(api API, queueURL, format string) *FIFOPublisher {
	return &FIFOPublisher{api: api, queueURL: queueURL, format: format}
}

// Publish sends body in group with the given deduplication id.
func (p *FIFOPublisher) Publish(ctx context.Context, group, dedupID string, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = p.api.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(raw)),
		MessageGroupId:         aws.String(group),
		MessageDeduplicationId: aws.String(dedupID),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"format": {DataType: aws.String("String"), StringValue: aws.String(p.format)},
		},
	})
	return err
}
