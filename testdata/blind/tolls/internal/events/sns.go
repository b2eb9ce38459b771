// Package events publishes account events to SNS, sends work to SQS and
// writes trip events to Kafka.
package events

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	snstypes "github.com/aws/aws-sdk-go-v2/service/sns/types"
)

// Event is the JSON document published for account activity.
type Event struct {
	Type       string    `json:"type"`
	AccountID  string    `json:"account_id"`
	OccurredAt time.Time `json:"occurred_at"`
	Data       any       `json:"data,omitempty"`
}

// Publisher publishes to SNS topics and sends SMS through SNS.
type Publisher interface {
	// Publish sends e to a standard topic. Standard topics do not
	// deduplicate: every call is delivered to every subscriber.
	Publish(ctx context.Context, topicARN string, e Event) (string, error)
	// PublishFIFO sends e to a FIFO topic; SNS drops a second message with
	// the same dedupID within five minutes.
	PublishFIFO(ctx context.Context, topicARN, groupID, dedupID string, e Event) (string, error)
	// SendSMS sends a transactional text message directly to a phone.
	SendSMS(ctx context.Context, phone, text string) (string, error)
}

// SNSAPI is the part of the SNS client used here.
type SNSAPI interface {
	Publish(ctx context.Context, in *sns.PublishInput, optFns ...func(*sns.Options)) (*sns.PublishOutput, error)
}

type snsPublisher struct {
	client   SNSAPI
	senderID string
}

// NewPublisher returns an SNS-backed Publisher.
func NewPublisher(client SNSAPI) Publisher {
	return &snsPublisher{client: client, senderID: "NGTOLLS"}
}

func (p *snsPublisher) Publish(ctx context.Context, topicARN string, e Event) (string, error) {
	body, err := json.Marshal(e)
	if err != nil {
		return "", err
	}
	out, err := p.client.Publish(ctx, &sns.PublishInput{
		TopicArn: aws.String(topicARN),
		Message:  aws.String(string(body)),
		MessageAttributes: map[string]snstypes.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(e.Type)},
		},
	})
	if err != nil {
		return "", fmt.Errorf("sns publish %s: %w", e.Type, err)
	}
	return aws.ToString(out.MessageId), nil
}

func (p *snsPublisher) PublishFIFO(ctx context.Context, topicARN, groupID, dedupID string, e Event) (string, error) {
	body, err := json.Marshal(e)
	if err != nil {
		return "", err
	}
	out, err := p.client.Publish(ctx, &sns.PublishInput{
		TopicArn:               aws.String(topicARN),
		Message:                aws.String(string(body)),
		MessageGroupId:         aws.String(groupID),
		MessageDeduplicationId: aws.String(dedupID),
		MessageAttributes: map[string]snstypes.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(e.Type)},
		},
	})
	if err != nil {
		return "", fmt.Errorf("sns publish fifo %s: %w", e.Type, err)
	}
	return aws.ToString(out.MessageId), nil
}

func (p *snsPublisher) SendSMS(ctx context.Context, phone, text string) (string, error) {
	out, err := p.client.Publish(ctx, &sns.PublishInput{
		PhoneNumber: aws.String(phone),
		Message:     aws.String(text),
		MessageAttributes: map[string]snstypes.MessageAttributeValue{
			"AWS.SNS.SMS.SMSType":  {DataType: aws.String("String"), StringValue: aws.String("Transactional")},
			"AWS.SNS.SMS.SenderID": {DataType: aws.String("String"), StringValue: aws.String(p.senderID)},
		},
	})
	if err != nil {
		return "", fmt.Errorf("sns sms: %w", err)
	}
	return aws.ToString(out.MessageId), nil
}
