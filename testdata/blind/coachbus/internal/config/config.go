// Package config reads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads the fields it needs.
type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	KafkaBrokers []string

	StripeSecretKey     string
	StripeWebhookSecret string

	SMSBaseURL string
	SMSAPIKey  string
	SMSSender  string

	BankBaseURL   string
	BankAPIKey    string
	BankAccountID string

	PartnerSigningSecret string

	HoldTTL        time.Duration
	ChangeFeeCents int64
	RebookWindow   time.Duration
	RelayInterval  time.Duration
	RelayBatchSize int32
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	var missing []string
	req := func(key string) string {
		v := os.Getenv(key)
		if v == "" {
			missing = append(missing, key)
		}
		return v
	}
	cfg := Config{
		HTTPAddr:             getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:          req("DATABASE_URL"),
		KafkaBrokers:         strings.Split(getenv("KAFKA_BROKERS", "localhost:9092"), ","),
		StripeSecretKey:      req("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:           getenv("SMS_BASE_URL", "https://api.textcourier.example/v2"),
		SMSAPIKey:            os.Getenv("SMS_API_KEY"),
		SMSSender:            getenv("SMS_SENDER", "NORTHLINE"),
		BankBaseURL:          getenv("BANK_BASE_URL", "https://api.payrail.example/v1"),
		BankAPIKey:           os.Getenv("BANK_API_KEY"),
		BankAccountID:        os.Getenv("BANK_ACCOUNT_ID"),
		PartnerSigningSecret: os.Getenv("PARTNER_SIGNING_SECRET"),
		HoldTTL:              duration("HOLD_TTL", 10*time.Minute),
		ChangeFeeCents:       int64(integer("CHANGE_FEE_CENTS", 250)),
		RebookWindow:         duration("REBOOK_WINDOW", 6*time.Hour),
		RelayInterval:        duration("RELAY_INTERVAL", time.Second),
		RelayBatchSize:       int32(integer("RELAY_BATCH_SIZE", 200)),
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("missing environment: %s", strings.Join(missing, ", "))
	}
	return cfg, nil
}

func getenv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func duration(key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return d
	}
	return def
}

func integer(key string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return n
	}
	return def
}
