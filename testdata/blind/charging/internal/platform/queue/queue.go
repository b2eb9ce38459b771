// Package queue publishes JSON messages to SQS queues, standard or FIFO.
package queue

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// API is the subset of the SQS client used here.
type API interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// Publisher sends messages to a single queue.
type Publisher interface {
	Publish(ctx context.Context, body any, opts ...Option) (string, error)
}

// Option customises one SendMessage call.
type Option func(*sqs.SendMessageInput)

// WithGroup sets the FIFO message group.
func WithGroup(group string) Option {
	return func(in *sqs.SendMessageInput) { in.MessageGroupId = aws.String(group) }
}

// WithDedupID sets the FIFO deduplication ID. SQS drops messages whose
// dedup ID it has seen on this queue in the last five minutes.
func WithDedupID(id string) Option {
	return func(in *sqs.SendMessageInput) { in.MessageDeduplicationId = aws.String(id) }
}

// WithDelay delays delivery (standard queues only).
func WithDelay(seconds int32) Option {
	return func(in *sqs.SendMessageInput) { in.DelaySeconds = seconds }
}

// WithAttribute adds a string message attribute.
func WithAttribute(name, value string) Option {
	return func(in *sqs.SendMessageInput) {
		if in.MessageAttributes == nil {
			in.MessageAttributes = map[string]types.MessageAttributeValue{}
		}
		in.MessageAttributes[name] = types.MessageAttributeValue{
			DataType:    aws.String("String"),
			StringValue: aws.String(value),
		}
	}
}

// SQSPublisher is the SQS-backed Publisher.
type SQSPublisher struct {
	api      API
	queueURL string
	fifo     bool
}

// NewSQSPublisher builds a publisher; FIFO is detected from the URL suffix.
func NewSQSPublisher(api API, queueURL string) *SQSPublisher {
	return &SQSPublisher{api: api, queueURL: queueURL, fifo: strings.HasSuffix(queueURL, ".fifo")}
}

// Publish marshals body as JSON and sends it.
func (p *SQSPublisher) Publish(ctx context.Context, body any, opts ...Option) (string, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("marshal message: %w", err)
	}
	in := &sqs.SendMessageInput{
		QueueUrl:    aws.String(p.queueURL),
		MessageBody: aws.String(string(b)),
	}
	for _, o := range opts {
		o(in)
	}
	if p.fifo && in.MessageGroupId == nil {
		return "", fmt.Errorf("publish to %s: FIFO queue requires a message group", p.queueURL)
	}
	out, err := p.api.SendMessage(ctx, in)
	if err != nil {
		return "", fmt.Errorf("sqs send: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
