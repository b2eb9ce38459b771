// Package poller long-polls SQS queues and dispatches messages to
// handlers registered in a queue table. A message is deleted only after
// its handler succeeds (or rejects it as unprocessable); otherwise it
// becomes visible again and the queue's redrive policy eventually moves it
// to the dead-letter queue.
package poller

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client the poller uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

// Handler processes one message.
type Handler func(ctx context.Context, m types.Message) error

// Queue binds a queue URL to its handler.
type Queue struct {
	Name              string
	URL               string
	Handler           Handler
	Workers           int
	VisibilityTimeout int32
}

// ErrUnprocessable marks a message that will never succeed. It is logged
// and deleted rather than redriven, so keep it for malformed input.
var ErrUnprocessable = errors.New("unprocessable message")

// Unprocessable wraps err as ErrUnprocessable.
func Unprocessable(err error) error { return fmt.Errorf("%w: %w", ErrUnprocessable, err) }

// Poller runs queue workers.
type Poller struct {
	client SQSAPI
	log    *slog.Logger
}

// New builds a Poller.
func New(client SQSAPI, log *slog.Logger) *Poller {
	return &Poller{client: client, log: log}
}

// Run polls every configured queue until ctx is cancelled.
func (p *Poller) Run(ctx context.Context, queues []Queue) {
	var wg sync.WaitGroup
	for _, q := range queues {
		if q.URL == "" {
			p.log.Warn("queue not configured, skipping", "queue", q.Name)
			continue
		}
		workers := q.Workers
		if workers <= 0 {
			workers = 1
		}
		for i := 0; i < workers; i++ {
			wg.Add(1)
			go func(q Queue, worker int) {
				defer wg.Done()
				p.poll(ctx, q, worker)
			}(q, i)
		}
	}
	wg.Wait()
}

func (p *Poller) poll(ctx context.Context, q Queue, worker int) {
	log := p.log.With("queue", q.Name, "worker", worker)
	visibility := q.VisibilityTimeout
	if visibility == 0 {
		visibility = 60
	}
	for ctx.Err() == nil {
		out, err := p.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(q.URL),
			MaxNumberOfMessages:         10,
			WaitTimeSeconds:             20,
			VisibilityTimeout:           visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
			MessageAttributeNames:       []string{"All"},
		})
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			log.Error("receive failed", "err", err)
			sleep(ctx, 5*time.Second)
			continue
		}
		for _, m := range out.Messages {
			p.dispatch(ctx, log, q, m)
		}
	}
}

func (p *Poller) dispatch(ctx context.Context, log *slog.Logger, q Queue, m types.Message) {
	id := aws.ToString(m.MessageId)
	err := q.Handler(ctx, m)
	switch {
	case err == nil:
	case errors.Is(err, ErrUnprocessable):
		log.Error("dropping unprocessable message", "message_id", id, "err", err)
	default:
		receives := receiveCount(m)
		log.Warn("handler failed; message will be redelivered", "message_id", id, "receive_count", receives, "err", err)
		p.backoff(ctx, q, m, receives)
		return
	}
	_, derr := p.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(q.URL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if derr != nil {
		log.Error("delete failed; message will be redelivered", "message_id", id, "err", derr)
	}
}

// backoff stretches the visibility timeout with the receive count so a
// failing message does not spin.
func (p *Poller) backoff(ctx context.Context, q Queue, m types.Message, receives int) {
	delay := int32(30 * receives * receives)
	if delay > 43200 {
		delay = 43200
	}
	_, err := p.client.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{
		QueueUrl:          aws.String(q.URL),
		ReceiptHandle:     m.ReceiptHandle,
		VisibilityTimeout: delay,
	})
	if err != nil {
		p.log.Warn("change visibility failed", "queue", q.Name, "err", err)
	}
}

func receiveCount(m types.Message) int {
	n, _ := strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])
	if n < 1 {
		n = 1
	}
	return n
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}
