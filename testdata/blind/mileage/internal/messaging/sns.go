package messaging

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	snstypes "github.com/aws/aws-sdk-go-v2/service/sns/types"
)

// SNSAPI is the part of the SNS client used here.
type SNSAPI interface {
	Publish(ctx context.Context, in *sns.PublishInput, optFns ...func(*sns.Options)) (*sns.PublishOutput, error)
}

// SMS sends text messages straight to phone numbers through SNS.
type SMS struct {
	client   SNSAPI
	senderID string
}

// NewSMS returns an SMS sender.
func NewSMS(client SNSAPI, senderID string) *SMS { return &SMS{client: client, senderID: senderID} }

// Send texts body to phone (E.164) and returns the SNS message id.
func (s *SMS) Send(ctx context.Context, phone, body string) (string, error) {
	out, err := s.client.Publish(ctx, &sns.PublishInput{
		PhoneNumber: aws.String(phone),
		Message:     aws.String(body),
		MessageAttributes: map[string]snstypes.MessageAttributeValue{
			"AWS.SNS.SMS.SMSType":  {DataType: aws.String("String"), StringValue: aws.String("Transactional")},
			"AWS.SNS.SMS.SenderID": {DataType: aws.String("String"), StringValue: aws.String(s.senderID)},
		},
	})
	if err != nil {
		return "", fmt.Errorf("sms to %s: %w", mask(phone), err)
	}
	return aws.ToString(out.MessageId), nil
}

// Events publishes domain events to the programme's FIFO topic, which fans
// out to analytics and the partner-statement feeds. The topic drops a
// message whose deduplication id it has seen in the last five minutes.
type Events struct {
	client   SNSAPI
	topicARN string
}

// NewEvents returns an Events publisher.
func NewEvents(client SNSAPI, topicARN string) *Events {
	return &Events{client: client, topicARN: topicARN}
}

// Publish sends an event.
func (e *Events) Publish(ctx context.Context, eventType, groupID, dedupID string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = e.client.Publish(ctx, &sns.PublishInput{
		TopicArn:               aws.String(e.topicARN),
		Message:                aws.String(string(b)),
		MessageGroupId:         aws.String(groupID),
		MessageDeduplicationId: aws.String(dedupID),
		MessageAttributes: map[string]snstypes.MessageAttributeValue{
			"eventType": {DataType: aws.String("String"), StringValue: aws.String(eventType)},
		},
	})
	if err != nil {
		return fmt.Errorf("publish %s: %w", eventType, err)
	}
	return nil
}

func mask(phone string) string {
	if len(phone) <= 4 {
		return "****"
	}
	return "****" + phone[len(phone)-4:]
}
