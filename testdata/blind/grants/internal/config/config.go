// Package config loads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"time"
)

// Config is shared by cmd/api and cmd/worker.
type Config struct {
	HTTPAddr            string
	DatabaseURL         string
	DBMaxOpen           int
	StripeSecretKey     string
	StripeWebhookSecret string
	BankBaseURL         string
	BankAPIKey          string
	BankWebhookSecret   string
	MailerBaseURL       string
	MailerAPIKey        string
	MailerWebhookToken  string
	SMSBaseURL          string
	SMSAPIKey           string
	GranteeHookSecret   string
	AWSRegion           string
	EventsQueueURL      string // FIFO queue the worker consumes and the outbox relay feeds
	GCPProject          string
	TemporalHost        string
	TemporalNS          string
	TaskQueue           string
	OutboxInterval      time.Duration
}

// FromEnv reads the configuration, falling back to development defaults.
func FromEnv() Config {
	return Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         env("DATABASE_URL", "postgres://grants:grants@localhost:5432/grants?sslmode=disable"),
		DBMaxOpen:           envInt("DB_MAX_OPEN", 20),
		StripeSecretKey:     env("STRIPE_SECRET_KEY", ""),
		StripeWebhookSecret: env("STRIPE_WEBHOOK_SECRET", ""),
		BankBaseURL:         env("BANK_BASE_URL", "https://sandbox.bankpartner.example"),
		BankAPIKey:          env("BANK_API_KEY", ""),
		BankWebhookSecret:   env("BANK_WEBHOOK_SECRET", ""),
		MailerBaseURL:       env("MAILER_BASE_URL", "https://api.mailer.example"),
		MailerAPIKey:        env("MAILER_API_KEY", ""),
		MailerWebhookToken:  env("MAILER_WEBHOOK_TOKEN", ""),
		SMSBaseURL:          env("SMS_BASE_URL", "https://api.sms.example"),
		SMSAPIKey:           env("SMS_API_KEY", ""),
		GranteeHookSecret:   env("GRANTEE_HOOK_SECRET", ""),
		AWSRegion:           env("AWS_REGION", "eu-west-1"),
		EventsQueueURL:      env("EVENTS_QUEUE_URL", ""),
		GCPProject:          env("GCP_PROJECT", "civicfund-dev"),
		TemporalHost:        env("TEMPORAL_HOST", "localhost:7233"),
		TemporalNS:          env("TEMPORAL_NAMESPACE", "default"),
		TaskQueue:           env("TEMPORAL_TASK_QUEUE", "grant-disbursement"),
		OutboxInterval:      envDuration("OUTBOX_INTERVAL", 2*time.Second),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, ok := os.LookupEnv(key); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
