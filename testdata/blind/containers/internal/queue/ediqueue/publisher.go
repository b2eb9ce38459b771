// Package ediqueue moves outbound EDI jobs through an SQS FIFO queue.
package ediqueue

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/google/uuid"

	"github.com/quaymark/terminal-ops/internal/config"
)

// Job is the body of one queue message.
type Job struct {
	MessageID   string          `json:"message_id"`
	MessageType string          `json:"message_type"`
	LineCode    string          `json:"line_code"`
	Payload     json.RawMessage `json:"payload"`
}

// SQSAPI is the part of the SQS client used here.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// Publisher sends jobs to the outbound queue.
type Publisher struct {
	api      SQSAPI
	queueURL string
}

// NewPublisher builds a Publisher.
func NewPublisher(api SQSAPI, cfg *config.Config) *Publisher {
	return &Publisher{api: api, queueURL: cfg.EDIOutboundQueue}
}

// Publish sends job. Messages of one line share a FIFO group so a line
// receives its messages in order. A job without a MessageID gets one here.
func (p *Publisher) Publish(ctx context.Context, job Job) (string, error) {
	if job.MessageID == "" {
		job.MessageID = uuid.NewString()
	}
	body, err := json.Marshal(job)
	if err != nil {
		return "", err
	}
	_, err = p.api.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(job.LineCode),
		MessageDeduplicationId: aws.String(dedupID(job.MessageID)),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"message_type": {DataType: aws.String("String"), StringValue: aws.String(job.MessageType)},
		},
	})
	if err != nil {
		return "", fmt.Errorf("sqs send %s: %w", job.MessageType, err)
	}
	return job.MessageID, nil
}

// dedupID fits any message id into SQS's 128-character dedup id alphabet.
func dedupID(messageID string) string {
	sum := sha256.Sum256([]byte(messageID))
	return hex.EncodeToString(sum[:])
}
