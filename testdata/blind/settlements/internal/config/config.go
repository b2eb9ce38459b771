// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"go.uber.org/fx"
)

// Config is the full process configuration.
type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	MaxOpenConns int

	ACH       ACHConfig
	CheckMail CheckMailConfig
	Mailer    MailerConfig

	// TrustBankName is printed on statements and lien checks.
	TrustBankName string
	// FromAddress is the sender used for claimant notices.
	FromAddress string

	WorkerConcurrency int
	ReconcileInterval time.Duration
	PollInterval      time.Duration
}

// ACHConfig configures the payments provider used for claimant payouts.
type ACHConfig struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
	RetryMax      int
	// SourceAccountID is the provider's id for the IOLTA funding account.
	SourceAccountID string
}

// CheckMailConfig configures the print-and-mail vendor used for lien checks.
type CheckMailConfig struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	BankAccountID string
	Timeout       time.Duration
	RetryMax      int
}

// MailerConfig configures the transactional email provider.
type MailerConfig struct {
	BaseURL       string
	ServerToken   string
	MessageStream string
	WebhookToken  string
	Timeout       time.Duration
}

// Load reads the configuration from environment variables.
func Load() (Config, error) {
	cfg := Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		MaxOpenConns:      envInt("DB_MAX_OPEN_CONNS", 20),
		TrustBankName:     env("TRUST_BANK_NAME", "First Fiduciary Bank IOLTA"),
		FromAddress:       env("NOTICE_FROM_ADDRESS", "disbursements@trustwell.law"),
		WorkerConcurrency: envInt("WORKER_CONCURRENCY", 10),
		ReconcileInterval: envDuration("RECONCILE_INTERVAL", time.Hour),
		PollInterval:      envDuration("PAYMENT_POLL_INTERVAL", 15*time.Minute),
		ACH: ACHConfig{
			BaseURL:         env("ACH_BASE_URL", "https://api.ledgerrail.example/v1"),
			APIKey:          os.Getenv("ACH_API_KEY"),
			WebhookSecret:   os.Getenv("ACH_WEBHOOK_SECRET"),
			Timeout:         envDuration("ACH_TIMEOUT", 15*time.Second),
			RetryMax:        envInt("ACH_RETRY_MAX", 4),
			SourceAccountID: os.Getenv("ACH_SOURCE_ACCOUNT_ID"),
		},
		CheckMail: CheckMailConfig{
			BaseURL:       env("CHECKMAIL_BASE_URL", "https://api.postcheck.example/v1"),
			APIKey:        os.Getenv("CHECKMAIL_API_KEY"),
			WebhookSecret: os.Getenv("CHECKMAIL_WEBHOOK_SECRET"),
			BankAccountID: os.Getenv("CHECKMAIL_BANK_ACCOUNT_ID"),
			Timeout:       envDuration("CHECKMAIL_TIMEOUT", 20*time.Second),
			RetryMax:      envInt("CHECKMAIL_RETRY_MAX", 3),
		},
		Mailer: MailerConfig{
			BaseURL:       env("MAILER_BASE_URL", "https://api.sendpost.example"),
			ServerToken:   os.Getenv("MAILER_SERVER_TOKEN"),
			MessageStream: env("MAILER_STREAM", "outbound"),
			WebhookToken:  os.Getenv("MAILER_WEBHOOK_TOKEN"),
			Timeout:       envDuration("MAILER_TIMEOUT", 10*time.Second),
		},
	}
	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

// Module provides Config to the fx graph.
var Module = fx.Module("config",
	fx.Provide(Load),
	fx.Provide(
		func(c Config) ACHConfig { return c.ACH },
		func(c Config) CheckMailConfig { return c.CheckMail },
		func(c Config) MailerConfig { return c.Mailer },
	),
)

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v, ok := os.LookupEnv(key)
	if !ok || v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envDuration(key string, def time.Duration) time.Duration {
	v, ok := os.LookupEnv(key)
	if !ok || v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
