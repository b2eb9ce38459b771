// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads only the parts it needs.
type Config struct {
	Env         string
	HTTPAddr    string
	DatabaseURL string
	AMQPURL     string

	StripeSecretKey     string
	StripeWebhookSecret string
	Currency            string

	SMSBaseURL       string
	SMSAPIKey        string
	SMSSender        string
	SMSWebhookSecret string

	AccountingBaseURL       string
	AccountingAPIKey        string
	AccountingLedgerID      string
	AccountingWebhookSecret string

	YardBaseURL string
	YardAPIKey  string

	HarbourmasterPhone string
	MarinaTimezone     string

	WorkerConcurrency int
	SettlementHourUTC int
	ReminderInterval  time.Duration
	OutboxInterval    time.Duration
}

// Load reads the environment. Missing required values are reported together.
func Load() (*Config, error) {
	c := &Config{
		Env:                     get("MARINA_ENV", "development"),
		HTTPAddr:                get("HTTP_ADDR", ":8080"),
		DatabaseURL:             os.Getenv("DATABASE_URL"),
		AMQPURL:                 get("AMQP_URL", "amqp://guest:guest@localhost:5672/"),
		StripeSecretKey:         os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:     os.Getenv("STRIPE_WEBHOOK_SECRET"),
		Currency:                get("MARINA_CURRENCY", "gbp"),
		SMSBaseURL:              get("SMS_BASE_URL", "https://api.textharbour.example/v2"),
		SMSAPIKey:               os.Getenv("SMS_API_KEY"),
		SMSSender:               get("SMS_SENDER", "MARINA"),
		SMSWebhookSecret:        os.Getenv("SMS_WEBHOOK_SECRET"),
		AccountingBaseURL:       get("ACCOUNTING_BASE_URL", "https://ledger.example/api"),
		AccountingAPIKey:        os.Getenv("ACCOUNTING_API_KEY"),
		AccountingLedgerID:      get("ACCOUNTING_LEDGER_ID", "marina-main"),
		AccountingWebhookSecret: os.Getenv("ACCOUNTING_WEBHOOK_SECRET"),
		YardBaseURL:             get("YARD_BASE_URL", "https://yardplanner.example/api/v1"),
		YardAPIKey:              os.Getenv("YARD_API_KEY"),
		HarbourmasterPhone:      os.Getenv("HARBOURMASTER_PHONE"),
		MarinaTimezone:          get("MARINA_TZ", "Europe/London"),
		WorkerConcurrency:       getInt("WORKER_CONCURRENCY", 10),
		SettlementHourUTC:       getInt("SETTLEMENT_HOUR_UTC", 2),
		ReminderInterval:        getDuration("REMINDER_INTERVAL", time.Hour),
		OutboxInterval:          getDuration("OUTBOX_INTERVAL", 2*time.Second),
	}

	var missing []string
	if c.DatabaseURL == "" {
		missing = append(missing, "DATABASE_URL")
	}
	if c.Env == "production" {
		for name, v := range map[string]string{
			"STRIPE_SECRET_KEY":     c.StripeSecretKey,
			"STRIPE_WEBHOOK_SECRET": c.StripeWebhookSecret,
			"SMS_API_KEY":           c.SMSAPIKey,
			"ACCOUNTING_API_KEY":    c.AccountingAPIKey,
			"YARD_API_KEY":          c.YardAPIKey,
		} {
			if v == "" {
				missing = append(missing, name)
			}
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("config: missing %v", missing)
	}
	return c, nil
}

// Location returns the marina's local time zone, falling back to UTC.
func (c *Config) Location() *time.Location {
	loc, err := time.LoadLocation(c.MarinaTimezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

func get(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func getInt(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func getDuration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
