// Package partnerq carries league events between RinkOps and the Metro
// Hockey League over SQS: we publish booking events to their FIFO queue and
// consume their league events from ours.
package partnerq

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/frostline-arena/rinkops/internal/platform"
)

// API is the subset of the SQS client used here.
type API interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, optFns ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
	ReceiveMessage(ctx context.Context, in *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, in *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

// NewSQSClient loads the default AWS config chain for the partner region.
func NewSQSClient(ctx context.Context, cfg platform.PartnerQueueConfig) (*sqs.Client, error) {
	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.Region))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg, func(o *sqs.Options) {
		o.RetryMaxAttempts = 5
	}), nil
}

var _ API = (*sqs.Client)(nil)

func str(s string) *string { return aws.String(s) }
