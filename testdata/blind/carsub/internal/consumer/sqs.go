package consumer

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/service"
)

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// BillingDispatcher applies one billing event.
type BillingDispatcher interface {
	Dispatch(ctx context.Context, body []byte) error
}

// BillingConsumer long-polls the billing events queue. A message is
// deleted only after it was applied; failures are left for SQS to
// redeliver after the visibility timeout and, past maxReceiveCount, to
// move to the dead-letter queue.
type BillingConsumer struct {
	client     SQSAPI
	dispatcher BillingDispatcher
	queueURL   string
	visibility int32
	wait       int32
	workers    int
	log        *slog.Logger
}

func NewBillingConsumer(client SQSAPI, dispatcher BillingDispatcher, cfg *config.Config, log *slog.Logger) *BillingConsumer {
	return &BillingConsumer{
		client:     client,
		dispatcher: dispatcher,
		queueURL:   cfg.SQS.QueueURL,
		visibility: cfg.SQS.VisibilityTimeout,
		wait:       cfg.SQS.WaitTimeSeconds,
		workers:    4,
		log:        log.With("component", "billing-consumer"),
	}
}

func (c *BillingConsumer) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     c.wait,
			VisibilityTimeout:   c.visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.log.Warn("receive failed", "err", err)
			sleep(ctx, 2*time.Second)
			continue
		}
		c.processBatch(ctx, out.Messages)
	}
	return nil
}

func (c *BillingConsumer) processBatch(ctx context.Context, msgs []types.Message) {
	sem := make(chan struct{}, c.workers)
	var wg sync.WaitGroup
	for _, m := range msgs {
		sem <- struct{}{}
		wg.Add(1)
		go func(m types.Message) {
			defer func() { <-sem; wg.Done() }()
			c.process(ctx, m)
		}(m)
	}
	wg.Wait()
}

func (c *BillingConsumer) process(ctx context.Context, m types.Message) {
	log := c.log.With("message_id", aws.ToString(m.MessageId),
		"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	err := c.dispatcher.Dispatch(ctx, []byte(aws.ToString(m.Body)))
	switch {
	case errors.Is(err, service.ErrPoisonMessage):
		log.Error("dropping undecodable billing event", "err", err)
	case err != nil:
		log.Error("billing event failed; leaving for redelivery", "err", err)
		return
	}
	if _, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		log.Warn("delete failed; message will be redelivered", "err", err)
	}
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
