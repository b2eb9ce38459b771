// Package visacallbacks polls the SQS queue on which the document service
// reports finished and rejected visa letters.
package visacallbacks

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

	"github.com/lingua/academy/internal/visa"
)

// SQSAPI is the subset of the SQS client the poller uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

type envelope struct {
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload"`
}

// HandlerFunc applies one callback payload.
type HandlerFunc func(ctx context.Context, payload json.RawMessage) error

func typed[T any](fn func(context.Context, T) error) HandlerFunc {
	return func(ctx context.Context, payload json.RawMessage) error {
		var v T
		if err := json.Unmarshal(payload, &v); err != nil {
			return err
		}
		return fn(ctx, v)
	}
}

// Poller long-polls the queue.
type Poller struct {
	sqs      SQSAPI
	queueURL string
	handlers map[string]HandlerFunc
	log      *slog.Logger
	wg       sync.WaitGroup
	cancel   context.CancelFunc
}

// NewPoller wires the callback types to the visa service.
func NewPoller(client SQSAPI, queueURL string, svc *visa.Service, log *slog.Logger) *Poller {
	return &Poller{
		sqs:      client,
		queueURL: queueURL,
		log:      log,
		handlers: map[string]HandlerFunc{
			"document.completed": typed(svc.ApplyCompleted),
			"document.rejected":  typed(svc.ApplyRejected),
		},
	}
}

// Start launches the polling loop.
func (p *Poller) Start(context.Context) error {
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		p.loop(ctx)
	}()
	return nil
}

// Stop ends the loop and waits for in-flight messages.
func (p *Poller) Stop(context.Context) error {
	if p.cancel != nil {
		p.cancel()
	}
	p.wg.Wait()
	return nil
}

func (p *Poller) loop(ctx context.Context) {
	for ctx.Err() == nil {
		out, err := p.sqs.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(p.queueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     20,
			VisibilityTimeout:   60,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if !errors.Is(err, context.Canceled) {
				p.log.Error("sqs receive", "err", err)
				time.Sleep(2 * time.Second)
			}
			continue
		}
		for _, m := range out.Messages {
			p.process(ctx, m)
		}
	}
}

func (p *Poller) process(ctx context.Context, m types.Message) {
	msgCtx, cancel := context.WithTimeout(ctx, 50*time.Second)
	defer cancel()

	var env envelope
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &env); err != nil {
		p.log.Error("undecodable callback; leaving for DLQ", "message_id", aws.ToString(m.MessageId), "err", err)
		return
	}
	h, ok := p.handlers[env.Type]
	if !ok {
		p.log.Info("ignoring callback", "type", env.Type)
		p.delete(msgCtx, m)
		return
	}
	if err := h(msgCtx, env.Payload); err != nil {
		p.log.Error("callback failed", "type", env.Type, "message_id", aws.ToString(m.MessageId),
			"receive_count", m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)], "err", err)
		return
	}
	p.delete(msgCtx, m)
}

func (p *Poller) delete(ctx context.Context, m types.Message) {
	if _, err := p.sqs.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(p.queueURL),
		ReceiptHandle: m.ReceiptHandle,
	}); err != nil {
		p.log.Warn("sqs delete", "message_id", aws.ToString(m.MessageId), "err", err)
	}
}
