package app

import (
	"context"
	"fmt"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/civicfund/grants/internal/config"
	"github.com/civicfund/grants/internal/ports"
	"github.com/civicfund/grants/internal/providers/bank"
	"github.com/civicfund/grants/internal/providers/fifo"
	"github.com/civicfund/grants/internal/providers/mailer"
	"github.com/civicfund/grants/internal/providers/sms"
	"github.com/civicfund/grants/internal/providers/stripepay"
	"github.com/civicfund/grants/internal/providers/webhookout"
)

// Providers holds the outbound provider clients.
type Providers struct {
	SQS             *sqs.Client
	Payments        ports.Payments
	Bank            ports.BankPayouts
	Mailer          ports.Mailer
	SMS             ports.SMS
	Publisher       ports.Publisher
	GranteeNotifier ports.GranteeNotifier
}

// NewSQSClient loads the default AWS config for the region.
func NewSQSClient(ctx context.Context, cfg config.Config) (*sqs.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, fmt.Errorf("load aws config: %w", err)
	}
	return sqs.NewFromConfig(awsCfg), nil
}

// NewProviders builds every provider client.
func NewProviders(ctx context.Context, cfg config.Config) (Providers, error) {
	sqsClient, err := NewSQSClient(ctx, cfg)
	if err != nil {
		return Providers{}, err
	}
	return Providers{
		SQS:             sqsClient,
		Payments:        stripepay.New(cfg.StripeSecretKey),
		Bank:            bank.New(cfg.BankBaseURL, cfg.BankAPIKey, nil),
		Mailer:          mailer.New(cfg.MailerBaseURL, cfg.MailerAPIKey, "CivicFund <giving@civicfund.example>"),
		SMS:             sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, "CivicFund"),
		Publisher:       fifo.New(sqsClient, cfg.EventsQueueURL),
		GranteeNotifier: webhookout.New(cfg.GranteeHookSecret),
	}, nil
}
