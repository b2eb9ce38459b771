package tugs

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/rs/xid"

	"github.com/harbourline-systems/pilotage/internal/config"
)

// SQSAPI is the part of the SQS client we use.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// SQSPublisher writes to the tug company's queues. Orders go to a FIFO
// queue grouped by job (the tug company's dispatcher relies
// on the ordering); cancellations go to a standard queue that their
// on-call desk watches.
type SQSPublisher struct {
	api       SQSAPI
	ordersURL string
	cancelURL string
}

func NewSQSPublisher(api SQSAPI, cfg config.Config) *SQSPublisher {
	return &SQSPublisher{api: api, ordersURL: cfg.TugOrdersQueueURL, cancelURL: cfg.TugCancelQueueURL}
}

// envelope is the message format agreed with the tug company.
type envelope struct {
	MessageID string          `json:"message_id"`
	Type      string          `json:"type"`
	SentAt    time.Time       `json:"sent_at"`
	Body      json.RawMessage `json:"body"`
}

func newEnvelope(typ string, body any) (envelope, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return envelope{}, fmt.Errorf("encode %s: %w", typ, err)
	}
	return envelope{
		MessageID: xid.New().String(),
		Type:      typ,
		SentAt:    time.Now().UTC(),
		Body:      raw,
	}, nil
}

type fifo struct {
	group string
	dedup string
}

func (p *SQSPublisher) PublishOrder(ctx context.Context, o Order) error {
	env, err := newEnvelope("tug.order.placed", o)
	if err != nil {
		return err
	}
	return p.send(ctx, p.ordersURL, env, &fifo{group: o.JobID, dedup: env.MessageID})
}

func (p *SQSPublisher) PublishCancellation(ctx context.Context, c Cancellation) error {
	env, err := newEnvelope("tug.order.cancelled", c)
	if err != nil {
		return err
	}
	return p.send(ctx, p.cancelURL, env, nil)
}

func (p *SQSPublisher) send(ctx context.Context, queueURL string, env envelope, f *fifo) error {
	body, err := json.Marshal(env)
	if err != nil {
		return err
	}
	in := &sqs.SendMessageInput{
		QueueUrl:    aws.String(queueURL),
		MessageBody: aws.String(string(body)),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(env.Type)},
		},
	}
	if f != nil {
		in.MessageGroupId = aws.String(f.group)
		in.MessageDeduplicationId = aws.String(f.dedup)
	}
	if _, err := p.api.SendMessage(ctx, in); err != nil {
		return fmt.Errorf("sqs send %s: %w", env.Type, err)
	}
	return nil
}
