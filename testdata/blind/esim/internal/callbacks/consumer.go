package callbacks

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// SQSAPI is the part of the SQS client the consumer uses.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// BodyHandler processes one message body.
type BodyHandler func(ctx context.Context, body []byte) error

// Consumer long-polls one queue and deletes each message its handler
// accepts. Failed messages become visible again after the visibility timeout
// and move to the queue's dead-letter queue after its maxReceiveCount.
type Consumer struct {
	Name       string
	Client     SQSAPI
	QueueURL   string
	Handle     BodyHandler
	Log        *slog.Logger
	Visibility int32
	Timeout    time.Duration
}

// Run polls until ctx is cancelled.
func (c *Consumer) Run(ctx context.Context) error {
	backoff := time.Second
	for {
		if ctx.Err() != nil {
			return nil
		}
		out, err := c.Client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{
			QueueUrl:            aws.String(c.QueueURL),
			MaxNumberOfMessages: 10,
			WaitTimeSeconds:     20,
			VisibilityTimeout:   c.Visibility,
			MessageSystemAttributeNames: []types.MessageSystemAttributeName{
				types.MessageSystemAttributeNameApproximateReceiveCount,
			},
		})
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return nil
			}
			c.Log.ErrorContext(ctx, "receive failed", "queue", c.Name, "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(backoff):
			}
			backoff = min(backoff*2, 30*time.Second)
			continue
		}
		backoff = time.Second
		var wg sync.WaitGroup
		for _, m := range out.Messages {
			wg.Add(1)
			go func(m types.Message) {
				defer wg.Done()
				c.process(ctx, m)
			}(m)
		}
		wg.Wait()
	}
}

func (c *Consumer) process(ctx context.Context, m types.Message) {
	hctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	receives, _ := strconv.Atoi(m.Attributes[string(types.MessageSystemAttributeNameApproximateReceiveCount)])
	log := c.Log.With("queue", c.Name, "message_id", aws.ToString(m.MessageId), "receive_count", receives)
	if err := c.Handle(hctx, []byte(aws.ToString(m.Body))); err != nil {
		log.WarnContext(ctx, "message failed, leaving for redelivery", "err", err)
		return
	}
	_, err := c.Client.DeleteMessage(ctx, &sqs.DeleteMessageInput{
		QueueUrl:      aws.String(c.QueueURL),
		ReceiptHandle: m.ReceiptHandle,
	})
	if err != nil {
		log.ErrorContext(ctx, "delete failed", "err", err)
	}
}
