// Package mq holds the messaging plumbing: SQS publishing and polling,
// Kafka consumption loops and the asynq task queue.
package mq

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"github.com/acme/fleet/internal/config"
	"github.com/acme/fleet/internal/domain"
)

type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// NewSQSClient builds an SQS client from the default AWS credential chain.
func NewSQSClient(cfg config.Config) (*sqs.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, fmt.Errorf("aws config: %w", err)
	}
	return sqs.NewFromConfig(awsCfg), nil
}

// Publisher sends JSON messages to SQS queues.
type Publisher struct {
	api SQSAPI
}

func NewPublisher(api SQSAPI) *Publisher { return &Publisher{api: api} }

// SendOption adjusts an outgoing message.
type SendOption func(*sqs.SendMessageInput)

// FIFO sets the message group and the deduplication id; SQS drops a message
// whose deduplication id was seen on the queue in the last five minutes.
func FIFO(groupID, dedupID string) SendOption {
	return func(in *sqs.SendMessageInput) {
		in.MessageGroupId = aws.String(groupID)
		in.MessageDeduplicationId = aws.String(dedupID)
	}
}

// SendJSON marshals v and sends it to the queue.
func (p *Publisher) SendJSON(ctx context.Context, queueURL string, v any, opts ...SendOption) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	in := &sqs.SendMessageInput{QueueUrl: aws.String(queueURL), MessageBody: aws.String(string(body))}
	for _, o := range opts {
		o(in)
	}
	_, err = p.api.SendMessage(ctx, in)
	return err
}

// ChargeQueue publishes charge commands to the payments FIFO queue.
type ChargeQueue struct {
	pub *Publisher
	url string
}

func NewChargeQueue(pub *Publisher, cfg config.Config) *ChargeQueue {
	return &ChargeQueue{pub: pub, url: cfg.PaymentsQueueURL}
}

// PublishCharge sends cmd, grouped per customer and deduplicated on its
// command id.
func (c *ChargeQueue) PublishCharge(ctx context.Context, cmd domain.ChargeCommand) error {
	return c.pub.SendJSON(ctx, c.url, cmd, FIFO(cmd.CustomerID.String(), cmd.CommandID))
}

// Poller long-polls one queue and hands each message to Handle. A message
// is deleted only after Handle returns nil; otherwise it becomes visible
// again when its visibility timeout expires and is delivered again.
type Poller struct {
	API      SQSAPI
	Name     string
	QueueURL string
	Handle   func(ctx context.Context, m types.Message) error
	Log      *slog.Logger
}

// Run polls until ctx is cancelled.
func (p *Poller) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		out, err := p.API.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(p.QueueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     20,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			p.Log.Error("sqs receive", "queue", p.Name, "err", err)
			time.Sleep(2 * time.Second)
			continue
		}
		for _, m := range out.Messages {
			if err := p.Handle(ctx, m); err != nil {
				p.Log.Warn("sqs handler failed; message will be redelivered",
					"queue", p.Name, "message_id", aws.ToString(m.MessageId), "err", err)
				continue
			}
			if _, err := p.API.DeleteMessage(ctx, &sqs.DeleteMessageInput{
				QueueUrl:      aws.String(p.QueueURL),
				ReceiptHandle: m.ReceiptHandle,
			}); err != nil {
				p.Log.Error("sqs delete", "queue", p.Name, "message_id", aws.ToString(m.MessageId), "err", err)
			}
		}
	}
	return nil
}

// Decode unmarshals a message body.
func Decode[T any](m types.Message) (T, error) {
	var v T
	err := json.Unmarshal([]byte(aws.ToString(m.Body)), &v)
	return v, err
}
