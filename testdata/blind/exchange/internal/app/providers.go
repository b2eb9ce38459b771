// Package app holds the constructors shared by the binaries' dependency
// graphs.
package app

import (
	"context"
	"log/slog"
	"os"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/google/wire"
	"github.com/uptrace/bun"

	"github.com/halyard/funding/internal/config"
	"github.com/halyard/funding/internal/platform/database"
	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/provider/cardproc"
	"github.com/halyard/funding/internal/provider/custody"
	"github.com/halyard/funding/internal/provider/notify"
	"github.com/halyard/funding/internal/queue"
	"github.com/halyard/funding/internal/service/fees"
	"github.com/halyard/funding/internal/service/withdrawals"
	"github.com/halyard/funding/internal/store"
)

// WithdrawalQueue is the producer for the withdrawal execution queue.
type WithdrawalQueue struct{ *queue.Producer }

// OpsQueue is the producer for the operations queue.
type OpsQueue struct{ *queue.Producer }

// ProvideLogger returns the JSON logger.
func ProvideLogger(cfg *config.Config) *slog.Logger {
	level := slog.LevelInfo
	if cfg.Env == "dev" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

// ProvideDB opens PostgreSQL.
func ProvideDB(ctx context.Context, cfg *config.Config) (*bun.DB, func(), error) {
	return database.Open(ctx, cfg.Database)
}

// ProvideStore wraps the database in repositories.
func ProvideStore(db *bun.DB) store.Store { return store.New(db) }

// ProvideSQS builds the SQS client from the default AWS chain.
func ProvideSQS(ctx context.Context, cfg *config.Config) (*sqs.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.SQS.Region))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg), nil
}

// ProvideWithdrawalQueue returns the withdrawal queue producer.
func ProvideWithdrawalQueue(c *sqs.Client, cfg *config.Config) WithdrawalQueue {
	return WithdrawalQueue{queue.NewProducer(c, cfg.SQS.WithdrawalQueueURL)}
}

// ProvideOpsQueue returns the ops queue producer.
func ProvideOpsQueue(c *sqs.Client, cfg *config.Config) OpsQueue {
	return OpsQueue{queue.NewProducer(c, cfg.SQS.OpsQueueURL)}
}

// ProvideCustody returns the custody client.
func ProvideCustody(cfg *config.Config, log *slog.Logger) *custody.Client {
	return custody.New(custody.Config{BaseURL: cfg.Custody.BaseURL, APIKey: cfg.Custody.APIKey, APISecret: cfg.Custody.APISecret}, log)
}

// ProvideBank returns the bank client.
func ProvideBank(cfg *config.Config) *bank.Client {
	return bank.New(bank.Config{BaseURL: cfg.Bank.BaseURL, ClientID: cfg.Bank.ClientID, ClientSecret: cfg.Bank.ClientSecret})
}

// ProvideCardProcessor returns the card processor client.
func ProvideCardProcessor(cfg *config.Config) *cardproc.Client {
	return cardproc.New(cardproc.Config{BaseURL: cfg.Card.BaseURL, SecretKey: cfg.Card.SecretKey})
}

// ProvideSMS returns the SMS client.
func ProvideSMS(cfg *config.Config) *notify.SMS {
	return notify.NewSMS(cfg.SMS.BaseURL, cfg.SMS.Token, cfg.SMS.Sender)
}

// ProvideOpsChannel returns the ops alert poster.
func ProvideOpsChannel(cfg *config.Config) *notify.OpsChannel {
	return notify.NewOpsChannel(cfg.OpsAlertWebhook)
}

// ProvideWithdrawals builds the withdrawal service.
func ProvideWithdrawals(st store.Store, q WithdrawalQueue, sms *notify.SMS, cfg *config.Config, log *slog.Logger) *withdrawals.Service {
	return withdrawals.New(st, q, sms, fees.DefaultSchedule(), withdrawals.Config{
		ApprovalThreshold: cfg.Withdrawals.ApprovalThreshold,
		ApprovalQuorum:    cfg.Withdrawals.ApprovalQuorum,
	}, log)
}

// Base is the set every binary uses.
var Base = wire.NewSet(ProvideLogger, ProvideDB, ProvideStore)

// Messaging provides the queue producers.
var Messaging = wire.NewSet(ProvideSQS, ProvideWithdrawalQueue, ProvideOpsQueue)

// Providers provides the third-party clients.
var Providers = wire.NewSet(ProvideCustody, ProvideBank, ProvideCardProcessor, ProvideSMS, ProvideOpsChannel)
