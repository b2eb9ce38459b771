// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary. Not every binary needs every field; the
// ones that are required for a given process are checked by Require.
type Config struct {
	HTTPAddr      string
	HooksAddr     string
	DatabaseURL   string
	PublicBaseURL string

	StripeSecretKey     string
	StripeWebhookSecret string
	Currency            string

	VetRecordsBaseURL       string
	VetRecordsAPIKey        string
	VetRecordsWebhookSecret string

	SMSBaseURL string
	SMSAPIKey  string
	SMSFrom    string

	DepositPercent     int
	LoyaltyPointsPer   int64 // cents spent per loyalty point
	FreeCancelWindow   time.Duration
	WorkerConcurrency  int
	SettlementTimezone string
}

// Load reads the environment. Defaults are chosen for local development.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:                env("HTTP_ADDR", ":8080"),
		HooksAddr:               env("HOOKS_ADDR", ":8081"),
		DatabaseURL:             env("DATABASE_URL", "postgres://kennel:kennel@localhost:5432/kennel?sslmode=disable"),
		PublicBaseURL:           env("PUBLIC_BASE_URL", "http://localhost:8081"),
		StripeSecretKey:         os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:     os.Getenv("STRIPE_WEBHOOK_SECRET"),
		Currency:                env("CURRENCY", "usd"),
		VetRecordsBaseURL:       env("VETRECORDS_BASE_URL", "https://api.vetrecords.example"),
		VetRecordsAPIKey:        os.Getenv("VETRECORDS_API_KEY"),
		VetRecordsWebhookSecret: os.Getenv("VETRECORDS_WEBHOOK_SECRET"),
		SMSBaseURL:              env("SMS_BASE_URL", "https://api.textrelay.example"),
		SMSAPIKey:               os.Getenv("SMS_API_KEY"),
		SMSFrom:                 env("SMS_FROM", "+15550100"),
		SettlementTimezone:      env("SETTLEMENT_TZ", "America/Chicago"),
	}
	var err error
	if c.DepositPercent, err = envInt("DEPOSIT_PERCENT", 25); err != nil {
		return nil, err
	}
	pp, err := envInt("LOYALTY_CENTS_PER_POINT", 100)
	if err != nil {
		return nil, err
	}
	c.LoyaltyPointsPer = int64(pp)
	if c.WorkerConcurrency, err = envInt("WORKER_CONCURRENCY", 20); err != nil {
		return nil, err
	}
	hours, err := envInt("FREE_CANCEL_HOURS", 48)
	if err != nil {
		return nil, err
	}
	c.FreeCancelWindow = time.Duration(hours) * time.Hour
	return c, nil
}

// Require returns an error naming the first empty value.
func (c *Config) Require(pairs ...string) error {
	for i := 0; i+1 < len(pairs); i += 2 {
		if pairs[i+1] == "" {
			return fmt.Errorf("config: %s is required", pairs[i])
		}
	}
	return nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
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
