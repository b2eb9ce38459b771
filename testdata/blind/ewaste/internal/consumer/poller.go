// Package consumer runs the SQS poller that feeds domain events to the
// worker's handlers, dispatching on the envelope's message type.
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

	"github.com/circuitback/buyback/internal/messaging"
)

// SQSAPI is the subset of the SQS client the poller uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

// Message is one delivery handed to a handler.
type Message struct {
	ID           string // SQS message id; stable across redeliveries of this message
	ReceiveCount int
	Envelope     messaging.Envelope
}

// HandlerFunc processes one message. Returning nil deletes the message;
// any other error leaves it for redelivery unless it wraps ErrPermanent.
type HandlerFunc func(ctx context.Context, m Message) error

// ErrPermanent marks a failure that redelivery cannot fix.
var ErrPermanent = errors.New("permanent failure")

// Permanent wraps err as ErrPermanent.
func Permanent(err error) error { return fmt.Errorf("%w: %v", ErrPermanent, err) }

type PollerConfig struct {
	QueueURL          string
	MaxMessages       int32
	WaitSeconds       int32
	VisibilityTimeout int32
	Concurrency       int
	HandlerTimeout    time.Duration
}

// Poller long-polls one queue.
type Poller struct {
	client   SQSAPI
	cfg      PollerConfig
	handlers map[string]HandlerFunc
}

func NewPoller(client SQSAPI, cfg PollerConfig, handlers map[string]HandlerFunc) *Poller {
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 4
	}
	if cfg.HandlerTimeout <= 0 {
		cfg.HandlerTimeout = time.Duration(cfg.VisibilityTimeout) * time.Second * 3 / 4
	}
	return &Poller{client: client, cfg: cfg, handlers: handlers}
}

// Run polls until ctx is cancelled.
func (p *Poller) Run(ctx context.Context) error {
	sem := make(chan struct{}, p.cfg.Concurrency)
	var wg sync.WaitGroup
	defer wg.Wait()
	for {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		out, err := p.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:                    aws.String(p.cfg.QueueURL),
			MaxNumberOfMessages:         p.cfg.MaxMessages,
			WaitTimeSeconds:             p.cfg.WaitSeconds,
			VisibilityTimeout:           p.cfg.VisibilityTimeout,
			MessageAttributeNames:       []string{"All"},
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameApproximateReceiveCount},
		})
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			slog.ErrorContext(ctx, "sqs receive", "queue", p.cfg.QueueURL, "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			sem <- struct{}{}
			wg.Add(1)
			go func(m types.Message) {
				defer func() { <-sem; wg.Done() }()
				p.process(ctx, m)
			}(m)
		}
	}
}

func (p *Poller) process(ctx context.Context, raw types.Message) {
	msgID := aws.ToString(raw.MessageId)
	log := slog.With("queue", p.cfg.QueueURL, "message_id", msgID)

	env, err := decodeBody(aws.ToString(raw.Body))
	if err != nil {
		log.ErrorContext(ctx, "undecodable message; dropping", "err", err)
		p.delete(ctx, raw)
		return
	}
	handler, ok := p.handlers[env.Type]
	if !ok {
		log.WarnContext(ctx, "no handler for message type; dropping", "type", env.Type)
		p.delete(ctx, raw)
		return
	}
	count, _ := strconv.Atoi(raw.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])

	hctx, cancel := context.WithTimeout(ctx, p.cfg.HandlerTimeout)
	defer cancel()
	start := time.Now()
	err = handler(hctx, Message{ID: msgID, ReceiveCount: count, Envelope: env})
	switch {
	case err == nil:
		log.InfoContext(ctx, "message handled", "type", env.Type, "took", time.Since(start))
		p.delete(ctx, raw)
	case errors.Is(err, ErrPermanent):
		log.ErrorContext(ctx, "message failed permanently; dropping", "type", env.Type, "err", err)
		p.delete(ctx, raw)
	default:
		log.WarnContext(ctx, "message failed; will be redelivered", "type", env.Type, "receive_count", count, "err", err)
		p.backoff(ctx, raw, count)
	}
}

func (p *Poller) delete(ctx context.Context, m types.Message) {
	_, err := p.client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(p.cfg.QueueURL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if err != nil {
		slog.ErrorContext(ctx, "sqs delete", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}

// backoff shortens or lengthens the visibility timeout with the receive
// count so hot failures do not spin.
func (p *Poller) backoff(ctx context.Context, m types.Message, count int) {
	delay := int32(min(30*count*count, 900))
	_, err := p.client.ChangeMessageVisibility(ctx, &sqs.ChangeMessageVisibilityInput{
		QueueUrl:          aws.String(p.cfg.QueueURL),
		ReceiptHandle:     m.ReceiptHandle,
		VisibilityTimeout: delay,
	})
	if err != nil {
		slog.WarnContext(ctx, "sqs change visibility", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}

// snsNotification is the wrapper SNS adds when raw delivery is off.
type snsNotification struct {
	Type      string `json:"Type"`
	MessageID string `json:"MessageId"`
	Message   string `json:"Message"`
}

func decodeBody(body string) (messaging.Envelope, error) {
	var env messaging.Envelope
	var n snsNotification
	if err := json.Unmarshal([]byte(body), &n); err == nil && n.Type == "Notification" {
		body = n.Message
	}
	if err := json.Unmarshal([]byte(body), &env); err != nil {
		return env, err
	}
	if env.Type == "" {
		return env, errors.New("envelope has no type")
	}
	return env, nil
}
