package posbridge

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/google/uuid"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/fairwaylinks/teetimes/internal/config"
)

// Module provides the SQS client and the outbound publisher.
var Module = fx.Module("posbridge",
	fx.Provide(
		NewSQSClient,
		fx.Annotate(NewPublisher, fx.As(new(Publisher))),
	),
)

// SQSAPI is the part of the SQS client the bridge uses.
type SQSAPI interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
	ChangeMessageVisibility(ctx context.Context, in *sqs.ChangeMessageVisibilityInput, optFns ...func(*sqs.Options)) (*sqs.ChangeMessageVisibilityOutput, error)
}

// NewSQSClient loads AWS configuration from the environment.
func NewSQSClient(cfg *config.Config) (SQSAPI, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, fmt.Errorf("posbridge: aws config: %w", err)
	}
	return sqs.NewFromConfig(awsCfg), nil
}

// Publisher sends platform events to the POS outbound FIFO queue. SQS
// drops a message whose MessageDeduplicationId was already accepted in the
// previous five minutes.
type Publisher interface {
	PublishCheckIn(ctx context.Context, ev CheckIn) error
	PublishTeeSheet(ctx context.Context, ev TeeSheetPublished) error
}

type sqsPublisher struct {
	client   SQSAPI
	queueURL string
	log      *zap.Logger
}

// NewPublisher builds the outbound publisher.
func NewPublisher(client SQSAPI, cfg *config.Config, log *zap.Logger) *sqsPublisher {
	return &sqsPublisher{client: client, queueURL: cfg.POSOutboundQueue, log: log.Named("pos-publisher")}
}

// PublishCheckIn asks the POS to open a tab for the arriving group.
func (p *sqsPublisher) PublishCheckIn(ctx context.Context, ev CheckIn) error {
	return p.send(ctx, "booking.checked_in", ev.CourseID, uuid.NewString(), ev)
}

// PublishTeeSheet announces a newly released tee sheet day.
func (p *sqsPublisher) PublishTeeSheet(ctx context.Context, ev TeeSheetPublished) error {
	return p.send(ctx, "teesheet.published", ev.CourseID, "teesheet:"+ev.CourseID+":"+ev.PlayDate, ev)
}

func (p *sqsPublisher) send(ctx context.Context, eventType, groupID, dedupID string, payload any) error {
	raw, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	env := Envelope{
		EventID:    dedupID,
		Type:       eventType,
		OccurredAt: time.Now().UTC(),
		Payload:    raw,
	}
	body, err := json.Marshal(env)
	if err != nil {
		return err
	}
	_, err = p.client.SendMessage(ctx, &sqs.SendMessageInput{
		QueueUrl:               aws.String(p.queueURL),
		MessageBody:            aws.String(string(body)),
		MessageGroupId:         aws.String(groupID),
		MessageDeduplicationId: aws.String(dedupID),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"type": {DataType: aws.String("String"), StringValue: aws.String(eventType)},
		},
	})
	if err != nil {
		return fmt.Errorf("posbridge: send %s: %w", eventType, err)
	}
	p.log.Debug("published to pos", zap.String("type", eventType), zap.String("group", groupID))
	return nil
}
