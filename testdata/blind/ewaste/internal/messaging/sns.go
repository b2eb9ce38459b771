package messaging

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sns/types"
)

// SNSAPI is the subset of the SNS client used here.
type SNSAPI interface {
	Publish(ctx context.Context, in *sns.PublishInput, optFns ...func(*sns.Options)) (*sns.PublishOutput, error)
}

// Publisher publishes envelopes to FIFO topics and SMS to phone numbers.
type Publisher struct {
	client SNSAPI
	topics map[string]string // logical topic -> ARN
}

// Logical topic names used in the outbox.
const (
	TopicEvents        = "events"
	TopicNotifications = "notifications"
)

func NewPublisher(client SNSAPI, topics map[string]string) *Publisher {
	return &Publisher{client: client, topics: topics}
}

// Publish sends env to a FIFO topic. dedupID is the topic's
// MessageDeduplicationId; SNS drops repeats of it for five minutes.
func (p *Publisher) Publish(ctx context.Context, topic string, env Envelope, groupID, dedupID string) (string, error) {
	arn, ok := p.topics[topic]
	if !ok {
		return "", fmt.Errorf("sns: unknown topic %q", topic)
	}
	body, err := json.Marshal(env)
	if err != nil {
		return "", fmt.Errorf("sns: encode %s: %w", env.Type, err)
	}
	out, err := p.client.Publish(ctx, &sns.PublishInput{
		TopicArn:               aws.String(arn),
		Message:                aws.String(string(body)),
		MessageGroupId:         aws.String(groupID),
		MessageDeduplicationId: aws.String(dedupID),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(env.Type)},
		},
	})
	if err != nil {
		return "", fmt.Errorf("sns: publish %s: %w", env.Type, err)
	}
	return aws.ToString(out.MessageId), nil
}

// SendSMS sends a transactional text message directly to a phone number.
func (p *Publisher) SendSMS(ctx context.Context, phone, text string) (string, error) {
	out, err := p.client.Publish(ctx, &sns.PublishInput{
		PhoneNumber: aws.String(phone),
		Message:     aws.String(text),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"AWS.SNS.SMS.SMSType":  {DataType: aws.String("String"), StringValue: aws.String("Transactional")},
			"AWS.SNS.SMS.SenderID": {DataType: aws.String("String"), StringValue: aws.String("CircuitBk")},
		},
	})
	if err != nil {
		return "", fmt.Errorf("sns: sms: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
