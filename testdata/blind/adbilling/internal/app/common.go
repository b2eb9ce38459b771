// Package app holds the dig providers shared by the cmd mains.
package app

import (
	"context"
	"log/slog"
	"os"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.uber.org/dig"

	"github.com/brightlane/adbilling/internal/config"
	"github.com/brightlane/adbilling/internal/db"
	"github.com/brightlane/adbilling/internal/idempotency"
	"github.com/brightlane/adbilling/internal/outbox"
	"github.com/brightlane/adbilling/internal/repository/postgres"
	"github.com/brightlane/adbilling/internal/service"
)

// NewLogger returns the process logger.
func NewLogger() *slog.Logger {
	level := slog.LevelInfo
	if os.Getenv("LOG_LEVEL") == "debug" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

// NewSQSClient builds an SQS client from the default AWS credential chain.
func NewSQSClient(cfg *config.Config) (*sqs.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.SQSRegion))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg), nil
}

// ProvideCore registers config, logging, the pool, the transaction manager,
// the outbox writer, the idempotency store and every repository.
func ProvideCore(c *dig.Container) error {
	providers := []any{
		config.Load,
		NewLogger,
		db.NewPool,
		db.NewTxManager,
		outbox.NewWriter,
		idempotency.NewStore,
		postgres.NewAdvertiserRepo,
		postgres.NewLedgerRepo,
		postgres.NewTopUpRepo,
		postgres.NewCampaignRepo,
		postgres.NewSpendRepo,
		postgres.NewInvoiceRepo,
		postgres.NewCreditNoteRepo,
		postgres.NewPublisherRepo,
		postgres.NewPayoutRepo,
		postgres.NewGatewayEventRepo,
		postgres.NewProcessedMessageRepo,
		postgres.NewNotificationRepo,
		postgres.NewWebhookDeliveryRepo,
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return err
		}
	}
	return nil
}

// CollectionAccount reads the bank collection account from the environment.
func CollectionAccount() service.CollectionAccount {
	return service.CollectionAccount{
		IBAN:        os.Getenv("COLLECTION_IBAN"),
		BIC:         os.Getenv("COLLECTION_BIC"),
		Beneficiary: envOr("COLLECTION_BENEFICIARY", "Brightlane Ads B.V."),
	}
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
