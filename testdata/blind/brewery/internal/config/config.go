// Package config loads runtime configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the full runtime configuration for the taproute service.
type Config struct {
	HTTPAddr          string
	DatabaseURL       string
	DBMaxConns        int32
	NATSURL           string
	NATSStream        string
	RedisAddr         string
	WorkerConcurrency int

	ACH       ACHConfig
	EDI       EDIConfig
	TaxPortal TaxPortalConfig

	ExciseState           string
	ExciseRateCentsPerBBL int64
	CleaningRateCents     int64
	InvoiceTermsDays      int
	OutboxPollInterval    time.Duration
}

// ACHConfig holds credentials for the ACH payments provider.
type ACHConfig struct {
	BaseURL        string
	APIKey         string
	WebhookSecret  string
	OriginatorID   string
	RequestTimeout time.Duration
}

// EDIConfig holds settings for the distributor EDI (VAN) partner.
type EDIConfig struct {
	BaseURL    string
	APIKey     string
	SenderID   string
	MaxRetries int
}

// TaxPortalConfig holds settings for the state excise tax portal.
type TaxPortalConfig struct {
	BaseURL       string
	ClientID      string
	ClientSecret  string
	PermitNumber  string
	WebhookSecret string
	MaxRetries    int
}

// Load reads configuration from environment variables, applying defaults.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:              env("HTTP_ADDR", ":8080"),
		DatabaseURL:           env("DATABASE_URL", ""),
		DBMaxConns:            int32(envInt("DB_MAX_CONNS", 16)),
		NATSURL:               env("NATS_URL", "nats://127.0.0.1:4222"),
		NATSStream:            env("NATS_STREAM", "TAPROUTE"),
		RedisAddr:             env("REDIS_ADDR", "127.0.0.1:6379"),
		WorkerConcurrency:     envInt("WORKER_CONCURRENCY", 8),
		ExciseState:           env("EXCISE_STATE", "OR"),
		ExciseRateCentsPerBBL: int64(envInt("EXCISE_RATE_CENTS_PER_BBL", 260)),
		CleaningRateCents:     int64(envInt("CLEANING_RATE_CENTS", 1800)),
		InvoiceTermsDays:      envInt("INVOICE_TERMS_DAYS", 30),
		OutboxPollInterval:    envDuration("OUTBOX_POLL_INTERVAL", 2*time.Second),
		ACH: ACHConfig{
			BaseURL:        env("ACH_BASE_URL", ""),
			APIKey:         env("ACH_API_KEY", ""),
			WebhookSecret:  env("ACH_WEBHOOK_SECRET", ""),
			OriginatorID:   env("ACH_ORIGINATOR_ID", ""),
			RequestTimeout: envDuration("ACH_TIMEOUT", 15*time.Second),
		},
		EDI: EDIConfig{
			BaseURL:    env("EDI_BASE_URL", ""),
			APIKey:     env("EDI_API_KEY", ""),
			SenderID:   env("EDI_SENDER_ID", "IRONKETTLE"),
			MaxRetries: envInt("EDI_MAX_RETRIES", 4),
		},
		TaxPortal: TaxPortalConfig{
			BaseURL:       env("TAXPORTAL_BASE_URL", ""),
			ClientID:      env("TAXPORTAL_CLIENT_ID", ""),
			ClientSecret:  env("TAXPORTAL_CLIENT_SECRET", ""),
			PermitNumber:  env("TAXPORTAL_PERMIT", ""),
			WebhookSecret: env("TAXPORTAL_WEBHOOK_SECRET", ""),
			MaxRetries:    envInt("TAXPORTAL_MAX_RETRIES", 3),
		},
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
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

func envDuration(key string, def time.Duration) time.Duration {
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
