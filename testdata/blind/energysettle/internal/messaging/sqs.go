package messaging

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// SQSSendAPI is the part of the SQS client used for sending.
type SQSSendAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// QueueSender sends JSON jobs to one queue.
type QueueSender struct {
	client   SQSSendAPI
	queueURL string
}

// NewQueueSender builds a QueueSender.
func NewQueueSender(client SQSSendAPI, queueURL string) *QueueSender {
	return &QueueSender{client: client, queueURL: queueURL}
}

// Send enqueues body. For FIFO queues groupID and dedupID are required;
// the caller supplies both so the job identity is stable across retries.
func (q *QueueSender) Send(ctx context.Context, body any, groupID, dedupID string) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	in := &sqs.SendMessageInput{
		QueueUrl:    aws.String(q.queueURL),
		MessageBody: aws.String(string(raw)),
	}
	if strings.HasSuffix(q.queueURL, ".fifo") {
		if groupID == "" || dedupID == "" {
			return fmt.Errorf("messaging: FIFO send to %s needs group and dedup IDs", q.queueURL)
		}
		in.MessageGroupId = aws.String(groupID)
		in.MessageDeduplicationId = aws.String(dedupID)
	}
	_, err = q.client.SendMessage(ctx, in)
	return err
}
