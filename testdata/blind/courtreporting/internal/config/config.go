// Package config loads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr         string
	DatabaseURL      string
	RedisAddr        string
	MigrateOnStart   bool
	StripeSecretKey  string
	StripeWebhookKey string
	Portal           PortalConfig
	SMS              SMSConfig
	Mailer           MailerConfig
	Worker           WorkerConfig
}

type PortalConfig struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
	RetryMax      int
}

type SMSConfig struct {
	BaseURL       string
	AccountSID    string
	AuthToken     string
	FromNumber    string
	WebhookSecret string
}

type MailerConfig struct {
	BaseURL string
	APIKey  string
	From    string
}

type WorkerConfig struct {
	Concurrency      int
	PayrollCron      string
	AutochargeCron   string
	AutochargeBatch  int
	InvoiceDueInDays int
}

func Load() Config {
	return Config{
		HTTPAddr:         env("HTTP_ADDR", ":8080"),
		DatabaseURL:      env("DATABASE_URL", "postgres://depobook:depobook@localhost:5432/depobook?sslmode=disable"),
		RedisAddr:        env("REDIS_ADDR", "localhost:6379"),
		MigrateOnStart:   envBool("MIGRATE_ON_START", false),
		StripeSecretKey:  env("STRIPE_SECRET_KEY", ""),
		StripeWebhookKey: env("STRIPE_WEBHOOK_SECRET", ""),
		Portal: PortalConfig{
			BaseURL:       env("PORTAL_BASE_URL", "https://api.lexvault.example/v2"),
			APIKey:        env("PORTAL_API_KEY", ""),
			WebhookSecret: env("PORTAL_WEBHOOK_SECRET", ""),
			Timeout:       envDuration("PORTAL_TIMEOUT", 20*time.Second),
			RetryMax:      envInt("PORTAL_RETRY_MAX", 3),
		},
		SMS: SMSConfig{
			BaseURL:       env("SMS_BASE_URL", "https://api.relaytext.example/2024-01"),
			AccountSID:    env("SMS_ACCOUNT_SID", ""),
			AuthToken:     env("SMS_AUTH_TOKEN", ""),
			FromNumber:    env("SMS_FROM", ""),
			WebhookSecret: env("SMS_WEBHOOK_SECRET", ""),
		},
		Mailer: MailerConfig{
			BaseURL: env("MAILER_BASE_URL", "https://api.postwire.example/v1"),
			APIKey:  env("MAILER_API_KEY", ""),
			From:    env("MAILER_FROM", "scheduling@stenoline.example"),
		},
		Worker: WorkerConfig{
			Concurrency:      envInt("WORKER_CONCURRENCY", 10),
			PayrollCron:      env("PAYROLL_CRON", "0 6 * * 1"),
			AutochargeCron:   env("AUTOCHARGE_CRON", "30 7 * * *"),
			AutochargeBatch:  envInt("AUTOCHARGE_BATCH", 200),
			InvoiceDueInDays: envInt("INVOICE_DUE_DAYS", 30),
		},
	}
}

func env(k, def string) string {
	if v, ok := os.LookupEnv(k); ok && v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

func envBool(k string, def bool) bool {
	if v, err := strconv.ParseBool(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(k)); err == nil {
		return v
	}
	return def
}
