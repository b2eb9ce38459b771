// Package config loads runtime configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the full runtime configuration of the payables services.
type Config struct {
	HTTPAddr         string
	InternalHTTPAddr string
	InternalToken    string
	DatabaseURL      string

	// Pub/sub URLs. mem:// locally, rabbit:// in production.
	InvoiceParsedSubURL     string
	CreditNoteParsedSubURL  string
	PaymentSettledSubURL    string
	PaymentFailedSubURL     string
	SupplierKYCSubURL       string
	InvoiceApprovedSubURL   string
	RemittanceRequestSubURL string
	OutboxTopicPrefix       string

	SNSTopicARN string
	AWSRegion   string

	StripeSecretKey     string
	StripeWebhookSecret string

	BankBaseURL       string
	BankAPIKey        string
	BankWebhookSecret string
	BankSourceAccount string

	MailerBaseURL string
	MailerAPIKey  string
	MailFrom      string

	ERPTimeout time.Duration

	OutboxPollInterval time.Duration
	OutboxBatchSize    int
	ConsumerWorkers    int
}

// Load reads configuration from the environment, applying local defaults.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:                env("HTTP_ADDR", ":8080"),
		InternalHTTPAddr:        env("INTERNAL_HTTP_ADDR", ":8081"),
		InternalToken:           env("INTERNAL_TOKEN", ""),
		DatabaseURL:             env("DATABASE_URL", "postgres://payables:payables@localhost:5432/payables?sslmode=disable"),
		InvoiceParsedSubURL:     env("INVOICE_PARSED_SUB_URL", "mem://invoice.parsed"),
		CreditNoteParsedSubURL:  env("CREDIT_NOTE_PARSED_SUB_URL", "mem://credit_note.parsed"),
		PaymentSettledSubURL:    env("PAYMENT_SETTLED_SUB_URL", "mem://payment.settled"),
		PaymentFailedSubURL:     env("PAYMENT_FAILED_SUB_URL", "mem://payment.failed"),
		SupplierKYCSubURL:       env("SUPPLIER_KYC_SUB_URL", "mem://supplier.kyc.completed"),
		InvoiceApprovedSubURL:   env("INVOICE_APPROVED_SUB_URL", "mem://invoice.approved"),
		RemittanceRequestSubURL: env("REMITTANCE_REQUEST_SUB_URL", "mem://remittance.requested"),
		OutboxTopicPrefix:       env("OUTBOX_TOPIC_PREFIX", "mem://"),
		SNSTopicARN:             env("SNS_TOPIC_ARN", ""),
		AWSRegion:               env("AWS_REGION", "eu-west-1"),
		StripeSecretKey:         env("STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret:     env("STRIPE_WEBHOOK_SECRET", ""),
		BankBaseURL:             env("BANK_BASE_URL", "https://sandbox.bankpartner.example/v2"),
		BankAPIKey:              env("BANK_API_KEY", ""),
		BankWebhookSecret:       env("BANK_WEBHOOK_SECRET", ""),
		BankSourceAccount:       env("BANK_SOURCE_ACCOUNT", ""),
		MailerBaseURL:           env("MAILER_BASE_URL", "https://mail-relay.internal/api"),
		MailerAPIKey:            env("MAILER_API_KEY", ""),
		MailFrom:                env("MAIL_FROM", "payables@northwind.example"),
	}
	var err error
	if c.ERPTimeout, err = envDuration("ERP_TIMEOUT", 10*time.Second); err != nil {
		return c, err
	}
	if c.OutboxPollInterval, err = envDuration("OUTBOX_POLL_INTERVAL", 2*time.Second); err != nil {
		return c, err
	}
	if c.OutboxBatchSize, err = envInt("OUTBOX_BATCH_SIZE", 100); err != nil {
		return c, err
	}
	if c.ConsumerWorkers, err = envInt("CONSUMER_WORKERS", 4); err != nil {
		return c, err
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return n, nil
}

func envDuration(key string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return d, nil
}
