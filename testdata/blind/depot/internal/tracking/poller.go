// Package tracking polls the carrier tracking queue (SQS, fed by the
// carrier's push webhook through SNS) and applies each update.
package tracking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/cenkalti/backoff/v4"

	"github.com/depotworks/depot/internal/service"
)

// SQSAPI is the part of the SQS client the poller uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, opts ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

// Handler applies one carrier update.
type Handler func(ctx context.Context, u service.CarrierUpdate) error

// ErrSkip tells the poller to delete a message without handling it.
var ErrSkip = errors.New("tracking: skip message")

// Poller long-polls an SQS queue and routes updates by status.
type Poller struct {
	client      SQSAPI
	queueURL    string
	routes      map[string]Handler
	log         *slog.Logger
	workers     int
	waitSeconds int32
	visibility  int32
}

// Option configures a Poller.
type Option func(*Poller)

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) Option { return func(p *Poller) { p.log = l } }

// WithWorkers sets how many messages of a batch are handled concurrently.
func WithWorkers(n int) Option { return func(p *Poller) { p.workers = n } }

// WithVisibilityTimeout sets the visibility timeout requested per receive.
func WithVisibilityTimeout(d time.Duration) Option {
	return func(p *Poller) { p.visibility = int32(d / time.Second) }
}

// NewPoller builds a Poller.
func NewPoller(client SQSAPI, queueURL string, routes map[string]Handler, opts ...Option) *Poller {
	p := &Poller{
		client: client, queueURL: queueURL, routes: routes, log: slog.Default(),
		workers: 4, waitSeconds: 20, visibility: 60,
	}
	for _, o := range opts {
		o(p)
	}
	return p
}

// snsEnvelope is the SNS notification wrapper around the carrier payload.
type snsEnvelope struct {
	Type      string `json:"Type"`
	MessageID string `json:"MessageId"`
	Message   string `json:"Message"`
}

// Run polls until ctx is cancelled.
func (p *Poller) Run(ctx context.Context) error {
	bo := backoff.NewExponentialBackOff()
	bo.MaxElapsedTime = 0
	for ctx.Err() == nil {
		out, err := p.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(p.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     p.waitSeconds,
			VisibilityTimeout:   p.visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				break
			}
			wait := bo.NextBackOff()
			p.log.Warn("sqs receive failed", "err", err, "retry_in", wait)
			select {
			case <-ctx.Done():
			case <-time.After(wait):
			}
			continue
		}
		bo.Reset()
		p.handleBatch(ctx, out.Messages)
	}
	return nil
}

func (p *Poller) handleBatch(ctx context.Context, msgs []types.Message) {
	sem := make(chan struct{}, p.workers)
	var wg sync.WaitGroup
	for _, m := range msgs {
		sem <- struct{}{}
		wg.Add(1)
		go func(m types.Message) {
			defer func() { <-sem; wg.Done() }()
			p.handle(ctx, m)
		}(m)
	}
	wg.Wait()
}

func (p *Poller) handle(ctx context.Context, m types.Message) {
	u, err := decode(aws.ToString(m.Body))
	if err == nil {
		err = p.dispatch(ctx, u)
	}
	switch {
	case err == nil, errors.Is(err, ErrSkip):
	default:
		p.log.Warn("tracking update failed; leaving for redelivery",
			"message_id", aws.ToString(m.MessageId),
			"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)],
			"err", err)
		return
	}
	if _, err := p.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(p.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		p.log.Warn("sqs delete failed", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}

func (p *Poller) dispatch(ctx context.Context, u service.CarrierUpdate) error {
	h, ok := p.routes[u.Status]
	if !ok {
		p.log.Debug("ignoring tracking status", "status", u.Status, "tracking", u.TrackingNumber)
		return ErrSkip
	}
	return h(ctx, u)
}

func decode(body string) (service.CarrierUpdate, error) {
	var env snsEnvelope
	if err := json.Unmarshal([]byte(body), &env); err == nil && env.Type == "Notification" {
		body = env.Message
	}
	var u service.CarrierUpdate
	if err := json.Unmarshal([]byte(body), &u); err != nil {
		return u, fmt.Errorf("%w: %v", ErrSkip, err)
	}
	if u.TrackingNumber == "" || u.Status == "" {
		return u, fmt.Errorf("%w: missing tracking number or status", ErrSkip)
	}
	return u, nil
}
