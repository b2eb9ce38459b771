package queue

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Consumer long-polls one queue and fans messages out to a fixed pool of
// workers. Messages are deleted only after their handler returns nil (or a
// Drop error); anything else is redelivered by SQS.
type Consumer struct {
	client     API
	queueURL   string
	workers    int
	visibility time.Duration
	routes     map[string]HandlerFunc
	logger     *slog.Logger
}

type ConsumerOption func(*Consumer)

func WithWorkers(n int) ConsumerOption {
	return func(c *Consumer) {
		if n > 0 {
			c.workers = n
		}
	}
}

func WithVisibilityTimeout(d time.Duration) ConsumerOption {
	return func(c *Consumer) { c.visibility = d }
}

func WithLogger(l *slog.Logger) ConsumerOption {
	return func(c *Consumer) { c.logger = l }
}

// NewConsumer builds a consumer for queueURL that dispatches by Envelope.Type.
// It panics on duplicate route names; that is a wiring mistake in main.
func NewConsumer(client API, queueURL string, routes []Route, opts ...ConsumerOption) *Consumer {
	c := &Consumer{
		client:     client,
		queueURL:   queueURL,
		workers:    4,
		visibility: 60 * time.Second,
		routes:     make(map[string]HandlerFunc, len(routes)),
		logger:     slog.Default(),
	}
	for _, o := range opts {
		o(c)
	}
	for _, r := range routes {
		if _, dup := c.routes[r.Name]; dup {
			panic("queue: duplicate route " + r.Name)
		}
		c.routes[r.Name] = r.Fn
	}
	return c
}

// Run polls until ctx is cancelled, then waits for in-flight messages.
func (c *Consumer) Run(ctx context.Context) error {
	msgs := make(chan types.Message)
	var wg sync.WaitGroup
	for i := 0; i < c.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for m := range msgs {
				c.handle(context.WithoutCancel(ctx), m)
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
			VisibilityTimeout:   int32(c.visibility / time.Second),
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.logger.Error("receive failed", "queue", c.queueURL, "err", err)
			select {
			case <-time.After(2 * time.Second):
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

func (c *Consumer) handle(ctx context.Context, m types.Message) {
	var env Envelope
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &env); err != nil {
		c.logger.Error("undecodable message, deleting", "sqs_id", aws.ToString(m.MessageId), "err", err)
		c.delete(ctx, m)
		return
	}
	env.SQSMessageID = aws.ToString(m.MessageId)
	if rc, ok := m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)]; ok {
		env.ReceiveCount, _ = strconv.Atoi(rc)
	}

	fn, ok := c.routes[env.Type]
	if !ok {
		c.logger.Warn("no route for message type, deleting", "type", env.Type, "id", env.ID)
		c.delete(ctx, m)
		return
	}

	err := fn(ctx, env)
	var drop dropError
	switch {
	case err == nil:
		c.delete(ctx, m)
	case errors.As(err, &drop):
		c.logger.Error("dropping message", "type", env.Type, "id", env.ID, "err", err)
		c.delete(ctx, m)
	default:
		// Leave it for redelivery; the redrive policy moves it to the DLQ
		// after maxReceiveCount attempts.
	}
}

func (c *Consumer) delete(ctx context.Context, m types.Message) {
	_, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if err != nil {
		c.logger.Error("delete failed", "sqs_id", aws.ToString(m.MessageId), "err", err)
	}
}

// API is the part of the SQS client the package uses.
type API interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}
