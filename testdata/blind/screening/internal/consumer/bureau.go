// Package consumer polls the bureau callback SQS queue and dispatches each
// callback to the report service. SQS delivers at least once: a message is
// deleted only after its handler returns nil, and anything not deleted is
// redelivered once its visibility timeout lapses (and moved to the DLQ by the
// queue's redrive policy after maxReceiveCount).
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/tenantlens/screening/internal/domain"
	"github.com/tenantlens/screening/internal/services/reports"
)

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

// ReportCallbacks is implemented by the report service.
type ReportCallbacks interface {
	HandleCompleted(ctx context.Context, cb reports.Callback) error
	HandleDisputed(ctx context.Context, cb reports.Callback) error
	HandleFailed(ctx context.Context, cb reports.Callback) error
	HandleAcknowledged(ctx context.Context, cb reports.Callback) error
}

// HandlerFunc handles one decoded callback.
type HandlerFunc func(ctx context.Context, cb reports.Callback) error

// Consumer is a long-polling SQS worker.
type Consumer struct {
	client   SQSAPI
	queueURL string
	handlers map[string]HandlerFunc
	log      *slog.Logger

	concurrency int
	waitSeconds int32
	visibility  int32
	handleTTL   time.Duration
}

// New wires the callback types to the report service.
func New(client SQSAPI, queueURL string, svc ReportCallbacks, log *slog.Logger) *Consumer {
	c := &Consumer{
		client:      client,
		queueURL:    queueURL,
		log:         log,
		concurrency: 4,
		waitSeconds: 20,
		visibility:  120,
		handleTTL:   90 * time.Second,
	}
	c.handlers = map[string]HandlerFunc{
		"order.acknowledged": svc.HandleAcknowledged,
		"report.completed":   svc.HandleCompleted,
		"report.disputed":    svc.HandleDisputed,
		"order.failed":       svc.HandleFailed,
	}
	return c
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	sem := make(chan struct{}, c.concurrency)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(c.queueURL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             c.waitSeconds,
			VisibilityTimeout:           c.visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			c.log.ErrorContext(ctx, "sqs receive", "err", err)
			sleep(ctx, 2*time.Second)
			continue
		}
		for _, msg := range out.Messages {
			sem <- struct{}{}
			wg.Add(1)
			go func(m types.Message) {
				defer func() { <-sem; wg.Done() }()
				c.process(ctx, m)
			}(msg)
		}
	}
}

func (c *Consumer) process(parent context.Context, m types.Message) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(parent), c.handleTTL)
	defer cancel()
	receives, _ := strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])
	log := c.log.With("message_id", aws.ToString(m.MessageId), "receive_count", receives)

	err := c.dispatch(ctx, aws.ToString(m.Body))
	var perm *permanentError
	switch {
	case err == nil:
	case errors.As(err, &perm):
		// Malformed messages will never succeed; drop them so they do not
		// block the queue. They are still visible in the logs.
		log.ErrorContext(ctx, "dropping bureau callback", "err", err)
	default:
		log.WarnContext(ctx, "bureau callback failed; will be redelivered", "err", err)
		c.backoff(ctx, m, receives)
		return
	}
	if _, err := c.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		log.ErrorContext(ctx, "sqs delete", "err", err)
	}
}

type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

func (c *Consumer) dispatch(ctx context.Context, body string) error {
	var cb reports.Callback
	if err := json.Unmarshal([]byte(body), &cb); err != nil {
		return &permanentError{fmt.Errorf("decode callback: %w", err)}
	}
	if cb.EventID == "" || cb.OrderID == "" {
		return &permanentError{errors.New("callback missing event_id or client_reference")}
	}
	h, ok := c.handlers[cb.Type]
	if !ok {
		return &permanentError{fmt.Errorf("unknown callback type %q", cb.Type)}
	}
	if cb.OccurredAt.IsZero() {
		cb.OccurredAt = time.Now().UTC()
	}
	err := h(ctx, cb)
	if errors.Is(err, domain.ErrInvalid) {
		return &permanentError{err}
	}
	return err
}

// backoff stretches the visibility timeout so repeated failures are spaced
// out instead of hammering the database.
func (c *Consumer) backoff(ctx context.Context, m types.Message, receives int) {
	delay := int32(min(30*receives*receives, 900))
	if _, err := c.client.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{
		QueueUrl:          aws.String(c.queueURL),
		ReceiptHandle:     m.ReceiptHandle,
		VisibilityTimeout: delay,
	}); err != nil {
		c.log.WarnContext(ctx, "sqs change visibility", "err", err)
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
