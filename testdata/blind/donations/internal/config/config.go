// Package config loads runtime configuration from the environment.
package config

import (
	"os"
	"strconv"
	"time"
)

// Config is the full runtime configuration shared by all binaries.
type Config struct {
	Env, HTTPAddr, PublicBaseURL string
	DatabaseDSN                  string
	AMQPURL, Exchange            string
	Prefetch                     int

	Processor struct {
		BaseURL, APIKey, MerchantAccount string
		Timeout                          time.Duration
	}
	Mailer  struct{ BaseURL, APIKey, FromEmail, FromName string }
	Partner struct{ BaseURL, ClientID, Secret string }
	CRM     struct{ BaseURL, Token string }
	Bank    struct{ BaseURL, APIKey, SourceAccount string }

	WebhookHMACKey string

	Scheduler struct {
		RecurringEvery, OutboxEvery, PayoutEvery, GiftAidEvery time.Duration
		MinPayoutPence                                         int64
	}
}

// Load reads the configuration from the process environment.
func Load() (*Config, error) {
	c := &Config{
		Env:           env("APP_ENV", "development"),
		HTTPAddr:      env("HTTP_ADDR", ":8080"),
		PublicBaseURL: env("PUBLIC_BASE_URL", "https://api.staging.kindredgive.org"),
		DatabaseDSN:   env("DATABASE_URL", "postgres://donations:donations@localhost:5432/donations?sslmode=disable"),
		AMQPURL:       env("AMQP_URL", "amqp://guest:guest@localhost:5672/"),
		Exchange:      env("AMQP_EXCHANGE", "donations.events"),
		Prefetch:      envInt("AMQP_PREFETCH", 16),
	}
	c.Processor.BaseURL = env("PROCESSOR_BASE_URL", "https://checkout-test.processor.example/v71")
	c.Processor.APIKey = os.Getenv("PROCESSOR_API_KEY")
	c.Processor.MerchantAccount = env("PROCESSOR_MERCHANT_ACCOUNT", "KindredGiveECOM")
	c.Processor.Timeout = envDuration("PROCESSOR_TIMEOUT", 20*time.Second)

	c.Mailer.BaseURL = env("MAILER_BASE_URL", "https://api.mail.example/v3")
	c.Mailer.APIKey = os.Getenv("MAILER_API_KEY")
	c.Mailer.FromEmail = env("MAILER_FROM_EMAIL", "receipts@kindredgive.org")
	c.Mailer.FromName = env("MAILER_FROM_NAME", "KindredGive")

	c.Partner.BaseURL = env("PARTNER_BASE_URL", "https://api.matchpartner.example/v2")
	c.Partner.ClientID = os.Getenv("PARTNER_CLIENT_ID")
	c.Partner.Secret = os.Getenv("PARTNER_CLIENT_SECRET")

	c.CRM.BaseURL = env("CRM_BASE_URL", "https://crm.example/api")
	c.CRM.Token = os.Getenv("CRM_TOKEN")

	c.Bank.BaseURL = env("BANK_BASE_URL", "https://payments.bank.example/v1")
	c.Bank.APIKey = os.Getenv("BANK_API_KEY")
	c.Bank.SourceAccount = env("BANK_SOURCE_ACCOUNT", "GB00KIND00000000000001")

	c.WebhookHMACKey = os.Getenv("PROCESSOR_WEBHOOK_HMAC")

	c.Scheduler.RecurringEvery = envDuration("SCHED_RECURRING_EVERY", 5*time.Minute)
	c.Scheduler.OutboxEvery = envDuration("SCHED_OUTBOX_EVERY", 2*time.Second)
	c.Scheduler.PayoutEvery = envDuration("SCHED_PAYOUT_EVERY", 24*time.Hour)
	c.Scheduler.GiftAidEvery = envDuration("SCHED_GIFTAID_EVERY", 24*time.Hour)
	c.Scheduler.MinPayoutPence = int64(envInt("MIN_PAYOUT_PENCE", 5000))
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return n
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return d
	}
	return def
}
