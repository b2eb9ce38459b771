// Package awsx provides AWS SDK v2 clients.
package awsx

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/platform/config"
)

// LoadConfig resolves AWS credentials and region.
func LoadConfig(cfg *config.Config) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
}

// NewSQS returns an SQS client.
func NewSQS(c aws.Config) *sqs.Client { return sqs.NewFromConfig(c) }

// NewSNS returns an SNS client.
func NewSNS(c aws.Config) *sns.Client { return sns.NewFromConfig(c) }

// Module provides aws.Config, *sqs.Client and *sns.Client.
var Module = fx.Module("aws", fx.Provide(LoadConfig, NewSQS, NewSNS))
