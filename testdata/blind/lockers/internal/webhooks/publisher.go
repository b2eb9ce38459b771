package webhooks

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client used by the publisher and worker.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

type PublisherOption func(*SQSPublisher)

// WithGroupFunc sets how the FIFO message group is derived from a job.
// The default groups by partner so each partner sees its events in order.
func WithGroupFunc(fn func(Job) string) PublisherOption {
	return func(p *SQSPublisher) { p.group = fn }
}

func WithMessageAttributes(attrs map[string]string) PublisherOption {
	return func(p *SQSPublisher) {
		for k, v := range attrs {
			p.attrs[k] = types.MessageAttributeValue{DataType: aws.String("String"), StringValue: aws.String(v)}
		}
	}
}

type SQSPublisher struct {
	client   SQSAPI
	queueURL string
	group    func(Job) string
	attrs    map[string]types.MessageAttributeValue
}

func NewSQSPublisher(client SQSAPI, queueURL string, opts ...PublisherOption) *SQSPublisher {
	p := &SQSPublisher{
		client:   client,
		queueURL: queueURL,
		group:    func(j Job) string { return j.PartnerID },
		attrs:    map[string]types.MessageAttributeValue{},
	}
	for _, o := range opts {
		o(p)
	}
	return p
}

func (p *SQSPublisher) Publish(ctx context.Context, job Job) error {
	body, err := json.Marshal(job)
	if err != nil {
		return err
	}
	attrs := map[string]types.MessageAttributeValue{
		"job_type": {DataType: aws.String("String"), StringValue: aws.String(job.Type)},
	}
	for k, v := range p.attrs {
		attrs[k] = v
	}
	_, err = p.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(p.group(job)),
		MessageDeduplicationId: aws.String(job.ID),
		MessageAttributes:      attrs,
	})
	if err != nil {
		return fmt.Errorf("enqueue %s: %w", job.Type, err)
	}
	return nil
}
