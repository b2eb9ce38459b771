package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// Enqueuer is what services depend on.
type Enqueuer interface {
	Enqueue(ctx context.Context, jobType string, payload any, opts ...SendOption) (string, error)
}

// SQSAPI is the subset of the SQS client used here.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

type sendConfig struct {
	groupID string
	dedupID string
	attrs   map[string]types.MessageAttributeValue
}

// SendOption configures one SendMessage call.
type SendOption func(*sendConfig)

// WithGroupID sets the FIFO message group.
func WithGroupID(id string) SendOption { return func(c *sendConfig) { c.groupID = id } }

// WithDedupID sets the FIFO deduplication id (5 minute window).
func WithDedupID(id string) SendOption { return func(c *sendConfig) { c.dedupID = id } }

// WithAttribute adds a string message attribute.
func WithAttribute(k, v string) SendOption {
	return func(c *sendConfig) {
		if c.attrs == nil {
			c.attrs = map[string]types.MessageAttributeValue{}
		}
		c.attrs[k] = types.MessageAttributeValue{DataType: aws.String("String"), StringValue: aws.String(v)}
	}
}

// Producer sends jobs to one FIFO queue.
type Producer struct {
	api      SQSAPI
	queueURL string
	now      func() time.Time
}

// NewProducer returns a producer for queueURL.
func NewProducer(api SQSAPI, queueURL string) *Producer {
	return &Producer{api: api, queueURL: queueURL, now: time.Now}
}

// Enqueue wraps payload in an Envelope and sends it.
func (p *Producer) Enqueue(ctx context.Context, jobType string, payload any, opts ...SendOption) (string, error) {
	cfg := sendConfig{groupID: jobType}
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.dedupID == "" {
		return "", errors.New("queue: FIFO send needs a deduplication id")
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return "", err
	}
	body, err := json.Marshal(Envelope{Type: jobType, Payload: raw, EnqueuedAt: p.now().UTC()})
	if err != nil {
		return "", err
	}
	WithAttribute("job_type", jobType)(&cfg)
	out, err := p.api.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(cfg.groupID),
		MessageDeduplicationId: aws.String(cfg.dedupID),
		MessageAttributes:      cfg.attrs,
	})
	if err != nil {
		return "", fmt.Errorf("queue: send %s: %w", jobType, err)
	}
	return aws.ToString(out.MessageId), nil
}
