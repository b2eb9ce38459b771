package sqsbus

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

const attrType = "type"

// API is the subset of the SQS client used here.
type API interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, opts ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, opts ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, opts ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, opts ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

type PublishOption func(*sqs.SendMessageInput)

// WithGroup sets the FIFO message group.
func WithGroup(group string) PublishOption {
	return func(in *sqs.SendMessageInput) { in.MessageGroupId = aws.String(group) }
}

// WithDedupID sets the FIFO de-duplication id (5 minute window).
func WithDedupID(id string) PublishOption {
	return func(in *sqs.SendMessageInput) { in.MessageDeduplicationId = aws.String(id) }
}

func WithAttribute(name, value string) PublishOption {
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

// Publisher sends typed messages.
type Publisher interface {
	Publish(ctx context.Context, queueURL, msgType string, body any, opts ...PublishOption) (string, error)
}

type publisher struct {
	api API
}

func NewPublisher(api API) Publisher { return &publisher{api: api} }

func (p *publisher) Publish(ctx context.Context, queueURL, msgType string, body any, opts ...PublishOption) (string, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return "", fmt.Errorf("sqsbus: encode %s: %w", msgType, err)
	}
	in := &sqs.SendMessageInput{
		QueueUrl:    aws.String(queueURL),
		MessageBody: aws.String(string(raw)),
	}
	WithAttribute(attrType, msgType)(in)
	for _, o := range opts {
		o(in)
	}
	out, err := p.api.SendMessage(ctx, in)
	if err != nil {
		return "", fmt.Errorf("sqsbus: send %s: %w", msgType, err)
	}
	return aws.ToString(out.MessageId), nil
}
