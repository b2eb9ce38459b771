// Package config loads process configuration from the environment. Every
// binary reads the same variables; unused ones are ignored.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the runtime configuration shared by the ferrydesk binaries.
type Config struct {
	DatabaseURL string
	HTTPAddr    string

	StripeSecretKey     string
	StripeWebhookSecret string

	PortAuthorityURL     string
	PortAuthorityKey     string
	PortAuthorityCarrier string

	SMSBaseURL string
	SMSAPIKey  string
	SMSSender  string

	MailerBaseURL string
	MailerAPIKey  string
	MailerFrom    string

	LedgerBaseURL string
	LedgerToken   string
	LedgerEntity  string

	BarcodeSecret string

	HoldTTL            time.Duration
	ManifestLeadTime   time.Duration
	WorkerConcurrency  int
	SettlementTimezone string
}

// Load reads the configuration from the environment and validates the
// variables every binary needs.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		HTTPAddr:             envOr("HTTP_ADDR", ":8080"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PortAuthorityURL:     envOr("PORT_AUTHORITY_URL", "https://ema.portauthority.example/v2"),
		PortAuthorityKey:     os.Getenv("PORT_AUTHORITY_KEY"),
		PortAuthorityCarrier: envOr("PORT_AUTHORITY_CARRIER", "NSF"),
		SMSBaseURL:           envOr("SMS_BASE_URL", "https://api.relaytext.example"),
		SMSAPIKey:            os.Getenv("SMS_API_KEY"),
		SMSSender:            envOr("SMS_SENDER", "NorthSound"),
		MailerBaseURL:        envOr("MAILER_BASE_URL", "https://api.postwick.example"),
		MailerAPIKey:         os.Getenv("MAILER_API_KEY"),
		MailerFrom:           envOr("MAILER_FROM", "bookings@northsound.example"),
		LedgerBaseURL:        envOr("LEDGER_BASE_URL", "https://gl.fernhill.example"),
		LedgerToken:          os.Getenv("LEDGER_TOKEN"),
		LedgerEntity:         envOr("LEDGER_ENTITY", "NSF-UK"),
		BarcodeSecret:        os.Getenv("BARCODE_SECRET"),
		SettlementTimezone:   envOr("SETTLEMENT_TZ", "Europe/London"),
	}

	var err error
	if c.HoldTTL, err = envDuration("BOOKING_HOLD_TTL", 30*time.Minute); err != nil {
		return Config{}, err
	}
	if c.ManifestLeadTime, err = envDuration("MANIFEST_LEAD_TIME", 3*time.Hour); err != nil {
		return Config{}, err
	}
	if c.WorkerConcurrency, err = strconv.Atoi(envOr("WORKER_CONCURRENCY", "20")); err != nil {
		return Config{}, fmt.Errorf("config: WORKER_CONCURRENCY: %w", err)
	}

	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func envOr(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
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
