// Package messaging wraps the SQS queues and SNS topics the functions use.
package messaging

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client used here.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// TypeAttribute is the message attribute consumers route on.
const TypeAttribute = "type"

// Queue sends JSON messages to one queue. The programme's work queues are
// FIFO queues with content-based deduplication disabled: the sender supplies
// the deduplication id, and SQS drops a message whose id it has seen in the
// last five minutes.
type Queue struct {
	client SQSAPI
	url    string
}

// NewQueue returns a Queue for url.
func NewQueue(client SQSAPI, url string) *Queue { return &Queue{client: client, url: url} }

// SendOption adjusts a message.
type SendOption func(*sqs.SendMessageInput)

// Group sets the FIFO message group.
func Group(id string) SendOption {
	return func(in *sqs.SendMessageInput) { in.MessageGroupId = aws.String(id) }
}

// Dedup sets the FIFO deduplication id.
func Dedup(id string) SendOption {
	return func(in *sqs.SendMessageInput) { in.MessageDeduplicationId = aws.String(id) }
}

// Type sets the routing type attribute.
func Type(t string) SendOption {
	return func(in *sqs.SendMessageInput) {
		if in.MessageAttributes == nil {
			in.MessageAttributes = map[string]sqstypes.MessageAttributeValue{}
		}
		in.MessageAttributes[TypeAttribute] = sqstypes.MessageAttributeValue{
			DataType:    aws.String("String"),
			StringValue: aws.String(t),
		}
	}
}

// Send encodes body as JSON and sends it.
func (q *Queue) Send(ctx context.Context, body any, opts ...SendOption) (string, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("encode message: %w", err)
	}
	in := &sqs.SendMessageInput{QueueUrl: aws.String(q.url), MessageBody: aws.String(string(b))}
	for _, o := range opts {
		o(in)
	}
	out, err := q.client.SendMessage(ctx, in)
	if err != nil {
		return "", fmt.Errorf("send to %s: %w", q.url, err)
	}
	return aws.ToString(out.MessageId), nil
}

// RedemptionQueue feeds the redemption worker.
type RedemptionQueue struct{ *Queue }

// TransferQueue feeds the transfer worker.
type TransferQueue struct{ *Queue }

// NotifyQueue feeds the notification worker.
type NotifyQueue struct{ *Queue }

// Sender is anything that sends to a queue.
type Sender interface {
	Send(ctx context.Context, body any, opts ...SendOption) (string, error)
}

// SendTyped sends msg with its routing type and FIFO group; callers add the
// deduplication id.
func SendTyped[M Message](ctx context.Context, q Sender, msg M, extra ...SendOption) (string, error) {
	opts := append([]SendOption{Type(msg.MessageType()), Group(msg.GroupID())}, extra...)
	return q.Send(ctx, msg, opts...)
}
