package funcvalues

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
)

// queueAPI is the consumer's own interface over the SQS client, which
// main fills with an *sqs.Client and tests with a fake.
type queueAPI interface {
	ReceiveMessage(ctx context.Context, params *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
}

type apiConsumer struct {
	api queueAPI
	url string
}

func (c *apiConsumer) run(ctx context.Context) {
	for {
		out, err := c.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: &c.url}) // want `root: SQS consumer loop apiConsumer.run`
		if err != nil {
			continue
		}
		for range out.Messages {
		}
	}
}
