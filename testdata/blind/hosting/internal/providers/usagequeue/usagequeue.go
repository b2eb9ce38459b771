// Package usagequeue moves metering records through SQS. The ingest queue is
// FIFO: SQS drops a message whose MessageDeduplicationId it has seen within
// the last five minutes. The per-resource queues are standard queues.
package usagequeue

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/nimbusrack/hosting/internal/platform/ids"
)

// API is the subset of the SQS client we use.
type API interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

// Record is a metering sample as reported by the datacenter.
type Record struct {
	RecordID    string    `json:"record_id"`
	ResourceID  string    `json:"resource_id"`
	Kind        string    `json:"kind"`
	Metric      string    `json:"metric"`
	Quantity    float64   `json:"quantity"`
	WindowStart time.Time `json:"window_start"`
	WindowEnd   time.Time `json:"window_end"`
}

// Publisher sends usage records to the FIFO ingest queue.
type Publisher struct {
	client   API
	queueURL string
	dedupID  ids.Generator
	groupOf  func(Record) string
}

// PublisherOption configures a Publisher.
type PublisherOption func(*Publisher)

// WithDedupIDs overrides how message deduplication ids are produced.
func WithDedupIDs(gen ids.Generator) PublisherOption {
	return func(p *Publisher) { p.dedupID = gen }
}

// WithGroupBy overrides the FIFO message group of a record.
func WithGroupBy(fn func(Record) string) PublisherOption {
	return func(p *Publisher) { p.groupOf = fn }
}

// NewPublisher builds a Publisher for queueURL.
func NewPublisher(client API, queueURL string, opts ...PublisherOption) *Publisher {
	p := &Publisher{
		client:   client,
		queueURL: queueURL,
		dedupID:  ids.KSUID,
		groupOf:  func(r Record) string { return r.ResourceID },
	}
	for _, opt := range opts {
		opt(p)
	}
	return p
}

// Publish enqueues one record.
func (p *Publisher) Publish(ctx context.Context, rec Record) error {
	body, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	_, err = p.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(p.groupOf(rec)),
		MessageDeduplicationId: aws.String(p.dedupID()),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"kind": {DataType: aws.String("String"), StringValue: aws.String(rec.Kind)},
		},
	})
	return err
}

// Handler processes one message body. Returning an error leaves the message
// on the queue; it becomes visible again after the visibility timeout.
type Handler func(ctx context.Context, body []byte) error

// Consumer long-polls a queue and deletes messages once handled.
type Consumer struct {
	client     API
	queueURL   string
	handler    Handler
	waitTime   int32
	visibility int32
	batch      int32
	log        *slog.Logger
}

// ConsumerOption configures a Consumer.
type ConsumerOption func(*Consumer)

// WithWaitTime sets the long-poll wait.
func WithWaitTime(seconds int32) ConsumerOption { return func(c *Consumer) { c.waitTime = seconds } }

// WithVisibilityTimeout sets how long a received message stays hidden.
func WithVisibilityTimeout(seconds int32) ConsumerOption {
	return func(c *Consumer) { c.visibility = seconds }
}

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) ConsumerOption { return func(c *Consumer) { c.log = l } }

// NewConsumer builds a Consumer.
func NewConsumer(client API, queueURL string, h Handler, opts ...ConsumerOption) *Consumer {
	c := &Consumer{client: client, queueURL: queueURL, handler: h, waitTime: 20, visibility: 60, batch: 10, log: slog.Default()}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	for {
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.queueURL),
			MaxNumberOfMessages: c.batch,
			WaitTimeSeconds:     c.waitTime,
			VisibilityTimeout:   c.visibility,
		})
		if err != nil {
			if errors.Is(ctx.Err(), context.Canceled) {
				return nil
			}
			c.log.Error("sqs receive", "queue", c.queueURL, "error", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			if err := c.handler(ctx, []byte(aws.ToString(m.Body))); err != nil {
				c.log.Warn("usage message failed", "message_id", aws.ToString(m.MessageId), "error", err)
				continue
			}
			if _, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
				QueueUrl:      aws.String(c.queueURL),
				ReceiptHandle: m.ReceiptHandle,
			}); err != nil {
				c.log.Error("sqs delete", "message_id", aws.ToString(m.MessageId), "error", err)
			}
		}
	}
}
