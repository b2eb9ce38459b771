package funcvalues

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// A generic queue consumer: its constructor keeps the handler it is
// given in a field, and its loop calls it for each message.
type queueConsumer[T any] struct {
	client *sqs.Client
	url    string
	handle func(ctx context.Context, v T) error
}

func newQueueConsumer[T any](client *sqs.Client, url string, handle func(ctx context.Context, v T) error) *queueConsumer[T] {
	return &queueConsumer[T]{client: client, url: url, handle: handle}
}

func (c *queueConsumer[T]) run(ctx context.Context) {
	for {
		out, err := c.client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &c.url}) // want `root: SQS consumer loop queueConsumer.run`
		if err != nil {
			continue
		}
		for _, m := range out.Messages {
			var v T
			if json.Unmarshal([]byte(*m.Body), &v) != nil {
				continue
			}
			c.handle(ctx, v)
		}
	}
}

type renewal struct{ MembershipID string }

type renewals struct{}

func (r *renewals) onRenewal(ctx context.Context, v renewal) error { // want `reached from SQS consumer loop queueConsumer.run through 1 calls`
	return nil
}

func startConsumers(client *sqs.Client, r *renewals) {
	go newQueueConsumer[renewal](client, "renewals", r.onRenewal).run(context.Background()) // want `root: SQS consumer loop funcvalues.renewals.onRenewal, bound at generic.go:47:53`
}
