// Package app wires the services with samber/do.
package app

import (
	"context"
	"database/sql"
	"log/slog"
	"os"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/samber/do/v2"

	"github.com/northwind/payables/internal/api"
	"github.com/northwind/payables/internal/config"
	"github.com/northwind/payables/internal/consumer"
	"github.com/northwind/payables/internal/notify"
	"github.com/northwind/payables/internal/platform/database"
	"github.com/northwind/payables/internal/platform/queue"
	"github.com/northwind/payables/internal/provider/bank"
	"github.com/northwind/payables/internal/provider/erp"
	"github.com/northwind/payables/internal/provider/mailer"
	"github.com/northwind/payables/internal/provider/stripepay"
	"github.com/northwind/payables/internal/repo"
	"github.com/northwind/payables/internal/service/creditnotes"
	"github.com/northwind/payables/internal/service/discounts"
	"github.com/northwind/payables/internal/service/fx"
	"github.com/northwind/payables/internal/service/invoices"
	"github.com/northwind/payables/internal/service/payments"
	"github.com/northwind/payables/internal/service/remittance"
	"github.com/northwind/payables/internal/service/suppliers"
	"github.com/northwind/payables/internal/service/webhooks"
	"github.com/northwind/payables/internal/worker"
)

// New builds the injector with every provider registered.
func New(cfg config.Config) do.Injector {
	i := do.New()
	do.ProvideValue(i, cfg)
	registerPlatform(i)
	registerRepos(i)
	registerProviders(i)
	registerServices(i)
	registerEntryPoints(i)
	return i
}

func registerPlatform(i do.Injector) {
	do.Provide(i, func(i do.Injector) (*slog.Logger, error) {
		return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})), nil
	})
	do.Provide(i, func(i do.Injector) (*sql.DB, error) {
		return database.Open(context.Background(), do.MustInvoke[config.Config](i).DatabaseURL)
	})
	do.Provide(i, func(i do.Injector) (database.Transactor, error) {
		return database.NewTxManager(do.MustInvoke[*sql.DB](i)), nil
	})
	do.Provide(i, func(i do.Injector) (*queue.Publisher, error) {
		return queue.NewPublisher(do.MustInvoke[config.Config](i).OutboxTopicPrefix), nil
	})
}

// repoProvider adapts a repository constructor into a do.Provider.
func repoProvider[T any](ctor func(*sql.DB) T) do.Provider[T] {
	return func(i do.Injector) (T, error) {
		return ctor(do.MustInvoke[*sql.DB](i)), nil
	}
}

func registerRepos(i do.Injector) {
	do.Provide(i, repoProvider(repo.NewTenantRepo))
	do.Provide(i, repoProvider(repo.NewSupplierRepo))
	do.Provide(i, repoProvider(repo.NewInvoiceRepo))
	do.Provide(i, repoProvider(repo.NewPaymentRepo))
	do.Provide(i, repoProvider(repo.NewRunRepo))
	do.Provide(i, repoProvider(repo.NewCreditNoteRepo))
	do.Provide(i, repoProvider(repo.NewDiscountRepo))
	do.Provide(i, repoProvider(repo.NewFXRepo))
	do.Provide(i, repoProvider(repo.NewEventRepo))
	do.Provide(i, repoProvider(repo.NewIdempotencyRepo))
	do.Provide(i, repoProvider(repo.NewOutboxRepo))
	do.Provide(i, repoProvider(repo.NewWebhookRepo))
	do.Provide(i, repoProvider(repo.NewNotificationRepo))
}

func registerProviders(i do.Injector) {
	do.Provide(i, func(i do.Injector) (bank.API, error) {
		cfg := do.MustInvoke[config.Config](i)
		return bank.NewClient(cfg.BankBaseURL, cfg.BankAPIKey), nil
	})
	do.Provide(i, func(i do.Injector) (stripepay.Payments, error) {
		return stripepay.New(do.MustInvoke[config.Config](i).StripeSecretKey), nil
	})
	do.Provide(i, func(i do.Injector) (mailer.Sender, error) {
		cfg := do.MustInvoke[config.Config](i)
		return mailer.New(cfg.MailerBaseURL, cfg.MailerAPIKey), nil
	})
	do.Provide(i, func(i do.Injector) (erp.Deliverer, error) {
		return erp.NewClient(do.MustInvoke[config.Config](i).ERPTimeout), nil
	})
	do.Provide(i, func(i do.Injector) (notify.Publisher, error) {
		cfg := do.MustInvoke[config.Config](i)
		awsCfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
		if err != nil {
			return nil, err
		}
		return notify.NewSNSPublisher(sns.NewFromConfig(awsCfg), cfg.SNSTopicARN), nil
	})
}

func registerServices(i do.Injector) {
	do.Provide(i, func(i do.Injector) (suppliers.Service, error) {
		return suppliers.New(
			do.MustInvoke[*slog.Logger](i),
			do.MustInvoke[database.Transactor](i),
			do.MustInvoke[repo.SupplierRepo](i),
			do.MustInvoke[repo.OutboxRepo](i),
			do.MustInvoke[bank.API](i),
			do.MustInvoke[stripepay.Payments](i),
		), nil
	})
	do.Provide(i, func(i do.Injector) (invoices.Service, error) {
		return invoices.New(
			do.MustInvoke[*slog.Logger](i),
			do.MustInvoke[database.Transactor](i),
			do.MustInvoke[repo.InvoiceRepo](i),
			do.MustInvoke[repo.OutboxRepo](i),
		), nil
	})
	do.Provide(i, func(i do.Injector) (discounts.Service, error) {
		return discounts.New(
			do.MustInvoke[*slog.Logger](i),
			do.MustInvoke[database.Transactor](i),
			do.MustInvoke[repo.InvoiceRepo](i),
			do.MustInvoke[repo.PaymentRepo](i),
			do.MustInvoke[repo.DiscountRepo](i),
			do.MustInvoke[repo.OutboxRepo](i),
		), nil
	})
	do.Provide(i, func(i do.Injector) (payments.CardPayer, error) {
		return payments.NewCardPayer(
			do.MustInvoke[*slog.Logger](i),
			do.MustInvoke[database.Transactor](i),
			do.MustInvoke[repo.TenantRepo](i),
			do.MustInvoke[repo.InvoiceRepo](i),
			do.MustInvoke[repo.SupplierRepo](i),
			do.MustInvoke[repo.PaymentRepo](i),
			do.MustInvoke[repo.IdempotencyRepo](i),
			do.MustInvoke[stripepay.Payments](i),
		), nil
	})
	do.Provide(i, func(i do.Injector) (payments.Runs, error) {
		return payments.NewRuns(payments.RunDeps{
			Log:           do.MustInvoke[*slog.Logger](i),
			Tx:            do.MustInvoke[database.Transactor](i),
			Runs:          do.MustInvoke[repo.RunRepo](i),
			Invoices:      do.MustInvoke[repo.InvoiceRepo](i),
			Suppliers:     do.MustInvoke[repo.SupplierRepo](i),
			Payments:      do.MustInvoke[repo.PaymentRepo](i),
			Outbox:        do.MustInvoke[repo.OutboxRepo](i),
			Bank:          do.MustInvoke[bank.API](i),
			Stripe:        do.MustInvoke[stripepay.Payments](i),
			SourceAccount: do.MustInvoke[config.Config](i).BankSourceAccount,
		}), nil
	})
	do.Provide(i, func(i do.Injector) (payments.Settlement, error) {
		return payments.NewSettlement(
			do.MustInvoke[*slog.Logger](i),
			do.MustInvoke[database.Transactor](i),
			do.MustInvoke[repo.PaymentRepo](i),
			do.MustInvoke[repo.InvoiceRepo](i),
			do.MustInvoke[repo.OutboxRepo](i),
			do.MustInvoke[notify.Publisher](i),
		), nil
	})
	do.Provide(i, func(i do.Injector) (payments.Inbound, error) {
		return payments.NewInbound(
			do.MustInvoke[*slog.Logger](i),
			do.MustInvoke[database.Transactor](i),
			do.MustInvoke[repo.EventRepo](i),
			do.MustInvoke[repo.PaymentRepo](i),
			do.MustInvoke[repo.InvoiceRepo](i),
			do.MustInvoke[repo.OutboxRepo](i),
			do.MustInvoke[*queue.Publisher](i),
		), nil
	})
	do.Provide(i, func(i do.Injector) (creditnotes.Service, error) {
		return creditnotes.New(
			do.MustInvoke[*slog.Logger](i),
			do.MustInvoke[database.Transactor](i),
			do.MustInvoke[repo.CreditNoteRepo](i),
			do.MustInvoke[repo.InvoiceRepo](i),
		), nil
	})
	do.Provide(i, func(i do.Injector) (fx.Service, error) {
		return fx.New(
			do.MustInvoke[*slog.Logger](i),
			do.MustInvoke[repo.FXRepo](i),
			do.MustInvoke[bank.API](i),
			do.MustInvoke[config.Config](i).BankSourceAccount,
		), nil
	})
	do.Provide(i, func(i do.Injector) (remittance.Service, error) {
		return remittance.New(remittance.Deps{
			Log:           do.MustInvoke[*slog.Logger](i),
			Payments:      do.MustInvoke[repo.PaymentRepo](i),
			Invoices:      do.MustInvoke[repo.InvoiceRepo](i),
			Suppliers:     do.MustInvoke[repo.SupplierRepo](i),
			Tenants:       do.MustInvoke[repo.TenantRepo](i),
			Notifications: do.MustInvoke[repo.NotificationRepo](i),
			Mail:          do.MustInvoke[mailer.Sender](i),
			From:          do.MustInvoke[config.Config](i).MailFrom,
		}), nil
	})
	do.Provide(i, func(i do.Injector) (webhooks.Service, error) {
		return webhooks.New(webhooks.Deps{
			Log:           do.MustInvoke[*slog.Logger](i),
			Invoices:      do.MustInvoke[repo.InvoiceRepo](i),
			Suppliers:     do.MustInvoke[repo.SupplierRepo](i),
			Tenants:       do.MustInvoke[repo.TenantRepo](i),
			Webhooks:      do.MustInvoke[repo.WebhookRepo](i),
			Notifications: do.MustInvoke[repo.NotificationRepo](i),
			Mail:          do.MustInvoke[mailer.Sender](i),
			ERP:           do.MustInvoke[erp.Deliverer](i),
			From:          do.MustInvoke[config.Config](i).MailFrom,
		}), nil
	})
}

func registerEntryPoints(i do.Injector) {
	do.Provide(i, func(i do.Injector) (*api.Handlers, error) {
		cfg := do.MustInvoke[config.Config](i)
		return &api.Handlers{
			Log:                 do.MustInvoke[*slog.Logger](i),
			Suppliers:           do.MustInvoke[suppliers.Service](i),
			Invoices:            do.MustInvoke[invoices.Service](i),
			Discounts:           do.MustInvoke[discounts.Service](i),
			Cards:               do.MustInvoke[payments.CardPayer](i),
			Runs:                do.MustInvoke[payments.Runs](i),
			Inbound:             do.MustInvoke[payments.Inbound](i),
			CreditNotes:         do.MustInvoke[creditnotes.Service](i),
			FX:                  do.MustInvoke[fx.Service](i),
			Remittance:          do.MustInvoke[remittance.Service](i),
			Webhooks:            do.MustInvoke[webhooks.Service](i),
			Idempotency:         do.MustInvoke[repo.IdempotencyRepo](i),
			StripeWebhookSecret: cfg.StripeWebhookSecret,
			BankWebhookSecret:   cfg.BankWebhookSecret,
			InternalToken:       cfg.InternalToken,
		}, nil
	})
	do.Provide(i, func(i do.Injector) (*consumer.Handlers, error) {
		return &consumer.Handlers{
			Log:         do.MustInvoke[*slog.Logger](i),
			Invoices:    do.MustInvoke[invoices.Service](i),
			CreditNotes: do.MustInvoke[creditnotes.Service](i),
			Settlement:  do.MustInvoke[payments.Settlement](i),
			Suppliers:   do.MustInvoke[suppliers.Service](i),
			Webhooks:    do.MustInvoke[webhooks.Service](i),
			Remittance:  do.MustInvoke[remittance.Service](i),
		}, nil
	})
	do.Provide(i, func(i do.Injector) (*worker.OutboxRelay, error) {
		cfg := do.MustInvoke[config.Config](i)
		return &worker.OutboxRelay{
			Log:       do.MustInvoke[*slog.Logger](i),
			Tx:        do.MustInvoke[database.Transactor](i),
			Outbox:    do.MustInvoke[repo.OutboxRepo](i),
			Broker:    do.MustInvoke[*queue.Publisher](i),
			Notifier:  do.MustInvoke[notify.Publisher](i),
			Interval:  cfg.OutboxPollInterval,
			BatchSize: cfg.OutboxBatchSize,
			NotifyTopics: map[string]bool{
				"invoice.approved":     true,
				"payment_run.created":  true,
				"remittance.requested": false,
			},
		}, nil
	})
}
