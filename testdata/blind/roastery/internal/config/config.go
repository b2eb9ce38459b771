// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads the fields it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string
	GRPCAddr    string
	NATSURL     string
	AWSRegion   string

	ImporterQueueURL string
	CarrierQueueURL  string

	PaymentsBaseURL string
	PaymentsAPIKey  string
	LabelsBaseURL   string
	LabelsAPIKey    string
	ImporterBaseURL string
	ImporterAPIKey  string
	LedgerBaseURL   string
	LedgerAPIKey    string
	MailerBaseURL   string
	MailerAPIKey    string

	// InstantRefundLimitCents is the largest damaged-bag refund support can
	// issue without a second approval.
	InstantRefundLimitCents int64
	ReminderInterval        time.Duration
	LateFeeCents            int64
	ProviderTimeout         time.Duration
}

// Load reads configuration from the environment, applying defaults for local
// development.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:      env("DATABASE_URL", "postgres://roastery:roastery@localhost:5432/roastery?sslmode=disable"),
		HTTPAddr:         env("HTTP_ADDR", ":8080"),
		GRPCAddr:         env("GRPC_ADDR", ":9090"),
		NATSURL:          env("NATS_URL", "nats://localhost:4222"),
		AWSRegion:        env("AWS_REGION", "us-west-2"),
		ImporterQueueURL: os.Getenv("IMPORTER_QUEUE_URL"),
		CarrierQueueURL:  os.Getenv("CARRIER_QUEUE_URL"),
		PaymentsBaseURL:  env("PAYMENTS_BASE_URL", "https://api.steadypay.example/v2"),
		PaymentsAPIKey:   os.Getenv("PAYMENTS_API_KEY"),
		LabelsBaseURL:    env("LABELS_BASE_URL", "https://api.parcelpoint.example/v1"),
		LabelsAPIKey:     os.Getenv("LABELS_API_KEY"),
		ImporterBaseURL:  env("IMPORTER_BASE_URL", "https://trade.origindirect.example/api"),
		ImporterAPIKey:   os.Getenv("IMPORTER_API_KEY"),
		LedgerBaseURL:    env("LEDGER_BASE_URL", "https://api.tallybooks.example/v3"),
		LedgerAPIKey:     os.Getenv("LEDGER_API_KEY"),
		MailerBaseURL:    env("MAILER_BASE_URL", "https://api.postbox.example"),
		MailerAPIKey:     os.Getenv("MAILER_API_KEY"),
	}

	var err error
	if c.InstantRefundLimitCents, err = parsed("INSTANT_REFUND_LIMIT_CENTS", int64(4500), parseInt); err != nil {
		return c, err
	}
	if c.LateFeeCents, err = parsed("LATE_FEE_CENTS", int64(2500), parseInt); err != nil {
		return c, err
	}
	if c.ReminderInterval, err = parsed("REMINDER_INTERVAL", 7*24*time.Hour, time.ParseDuration); err != nil {
		return c, err
	}
	c.ProviderTimeout, err = parsed("PROVIDER_TIMEOUT", 15*time.Second, time.ParseDuration)
	return c, err
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func parseInt(v string) (int64, error) { return strconv.ParseInt(v, 10, 64) }

// parsed reads key with parse, falling back to def when unset.
func parsed[T any](key string, def T, parse func(string) (T, error)) (T, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	out, err := parse(v)
	if err != nil {
		return def, fmt.Errorf("config: %s: %w", key, err)
	}
	return out, nil
}
