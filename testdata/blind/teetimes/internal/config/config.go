// Package config loads runtime configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the process-wide configuration. It is built once at start-up
// and handed to constructors through fx.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	PublicBaseURL   string
	DefaultCurrency string
	ClubTimezone    string

	StripeSecretKey     string
	StripeWebhookSecret string

	MessagingBaseURL string
	MessagingAPIKey  string
	MessagingSender  string

	AWSRegion         string
	POSEventsQueueURL string
	POSOutboundQueue  string
	POSPollWait       time.Duration

	WaitlistOfferTTL     time.Duration
	TeeSheetHorizonDays  int
	RainCheckValidity    time.Duration
	LateCancelWindow     time.Duration
	LateCancelRefundBps  int64
	MarketplaceFeeBps    int64
	RiverMaxWorkers      int
	ShutdownGracePeriod  time.Duration
	ProviderRetryAttempt uint
}

// Load reads configuration from environment variables, applying defaults
// that match the staging environment.
func Load() (*Config, error) {
	cfg := &Config{
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		PublicBaseURL:        env("PUBLIC_BASE_URL", "https://book.fairwaylinks.golf"),
		DefaultCurrency:      env("DEFAULT_CURRENCY", "usd"),
		ClubTimezone:         env("CLUB_TIMEZONE", "America/New_York"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		MessagingBaseURL:     env("MESSAGING_BASE_URL", "https://api.clubcomms.io"),
		MessagingAPIKey:      os.Getenv("MESSAGING_API_KEY"),
		MessagingSender:      env("MESSAGING_SENDER", "FairwayLinks"),
		AWSRegion:            env("AWS_REGION", "us-east-1"),
		POSEventsQueueURL:    os.Getenv("POS_EVENTS_QUEUE_URL"),
		POSOutboundQueue:     os.Getenv("POS_OUTBOUND_QUEUE_URL"),
		POSPollWait:          envDuration("POS_POLL_WAIT", 20*time.Second),
		WaitlistOfferTTL:     envDuration("WAITLIST_OFFER_TTL", 30*time.Minute),
		TeeSheetHorizonDays:  envInt("TEE_SHEET_HORIZON_DAYS", 14),
		RainCheckValidity:    envDuration("RAIN_CHECK_VALIDITY", 180*24*time.Hour),
		LateCancelWindow:     envDuration("LATE_CANCEL_WINDOW", 48*time.Hour),
		LateCancelRefundBps:  int64(envInt("LATE_CANCEL_REFUND_BPS", 5000)),
		MarketplaceFeeBps:    int64(envInt("MARKETPLACE_FEE_BPS", 1500)),
		RiverMaxWorkers:      envInt("RIVER_MAX_WORKERS", 20),
		ShutdownGracePeriod:  envDuration("SHUTDOWN_GRACE", 20*time.Second),
		ProviderRetryAttempt: uint(envInt("PROVIDER_RETRY_ATTEMPTS", 4)),
	}
	if cfg.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
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
