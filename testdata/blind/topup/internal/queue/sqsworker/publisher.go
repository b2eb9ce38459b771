package sqsworker

import (
	"context"
	"encoding/json"
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/google/uuid"

	"github.com/example/topup/internal/service"
)

const (
	TypeBundleActivate = "bundle.activate"
	TypeWalletAdjust   = "wallet.adjust"
)

type Publisher struct {
	client         *sqs.Client
	bundleQueueURL string
	notifyFIFOURL  string
}

func NewPublisher(client *sqs.Client, bundleQueueURL, notifyFIFOURL string) *Publisher {
	return &Publisher{client: client, bundleQueueURL: bundleQueueURL, notifyFIFOURL: notifyFIFOURL}
}

func typeAttr(t string) map[string]types.MessageAttributeValue {
	return map[string]types.MessageAttributeValue{
		"type": {DataType: aws.String("String"), StringValue: aws.String(t)},
	}
}

func (p *Publisher) send(ctx context.Context, in *sqs.SendMessageInput) error {
	return retry.Do(func() error {
		_, err := p.client.SendMessage(ctx, in)
		return err
	}, retry.Context(ctx), retry.Attempts(3), retry.Delay(100*time.Millisecond))
}

type activationMessage struct {
	OrderID uuid.UUID `json:"order_id"`
}

// PublishActivation implements service.ActivationQueue.
func (p *Publisher) PublishActivation(ctx context.Context, orderID uuid.UUID) error {
	body, _ := json.Marshal(activationMessage{OrderID: orderID})
	return p.send(ctx, &sqs.SendMessageInput{
		QueueUrl:          aws.String(p.bundleQueueURL),
		MessageBody:       aws.String(string(body)),
		MessageAttributes: typeAttr(TypeBundleActivate),
	})
}

// Notify implements service.CustomerNotifier on the notifications FIFO queue.
func (p *Publisher) Notify(ctx context.Context, groupID, dedupID string, n service.CustomerNotification) error {
	body, err := json.Marshal(n)
	if err != nil {
		return err
	}
	return p.send(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.notifyFIFOURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(groupID),
		MessageDeduplicationId: aws.String(dedupID),
		MessageAttributes:      typeAttr("customer.notification"),
	})
}
