// Package config loads runtime configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the full runtime configuration shared by the API and worker binaries.
type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	RedisAddr    string
	RedisDB      int
	Currency     string
	PublicOrigin string

	Payments  PaymentsConfig
	SMS       SMSConfig
	Screening ScreeningConfig
	Worker    WorkerConfig
}

// PaymentsConfig configures the card processor client.
type PaymentsConfig struct {
	BaseURL         string
	APIKey          string
	MerchantAccount string
	WebhookHMACKey  string
	Timeout         time.Duration
}

// SMSConfig configures the SMS gateway client.
type SMSConfig struct {
	BaseURL       string
	AccountID     string
	AuthToken     string
	FromNumber    string
	WebhookSecret string
	Timeout       time.Duration
}

// ScreeningConfig configures the background-check vendor client.
type ScreeningConfig struct {
	BaseURL       string
	APIKey        string
	Package       string
	WebhookSecret string
	Timeout       time.Duration
}

// WorkerConfig configures the asynq server.
type WorkerConfig struct {
	Concurrency      int
	PaymentDueCron   string
	UnpaidHoldPeriod time.Duration
}

// Load reads configuration from environment variables, applying defaults
// that are suitable for local development.
func Load() (*Config, error) {
	cfg := &Config{
		HTTPAddr:     env("HTTP_ADDR", ":8080"),
		DatabaseURL:  env("DATABASE_URL", "postgres://leagues:leagues@localhost:5432/leagues?sslmode=disable"),
		RedisAddr:    env("REDIS_ADDR", "localhost:6379"),
		RedisDB:      envInt("REDIS_DB", 0),
		Currency:     env("CURRENCY", "USD"),
		PublicOrigin: env("PUBLIC_ORIGIN", "https://register.fielddayleagues.org"),
		Payments: PaymentsConfig{
			BaseURL:         env("PAYMENTS_BASE_URL", "https://checkout-test.tillpoint.example/v2"),
			APIKey:          os.Getenv("PAYMENTS_API_KEY"),
			MerchantAccount: env("PAYMENTS_MERCHANT_ACCOUNT", "FieldDayLeaguesECOM"),
			WebhookHMACKey:  os.Getenv("PAYMENTS_WEBHOOK_HMAC_KEY"),
			Timeout:         envDuration("PAYMENTS_TIMEOUT", 15*time.Second),
		},
		SMS: SMSConfig{
			BaseURL:       env("SMS_BASE_URL", "https://api.relaytext.example/v1"),
			AccountID:     os.Getenv("SMS_ACCOUNT_ID"),
			AuthToken:     os.Getenv("SMS_AUTH_TOKEN"),
			FromNumber:    env("SMS_FROM_NUMBER", "+15005550006"),
			WebhookSecret: os.Getenv("SMS_WEBHOOK_SECRET"),
			Timeout:       envDuration("SMS_TIMEOUT", 10*time.Second),
		},
		Screening: ScreeningConfig{
			BaseURL:       env("SCREENING_BASE_URL", "https://api.clearcheck.example/v1"),
			APIKey:        os.Getenv("SCREENING_API_KEY"),
			Package:       env("SCREENING_PACKAGE", "youth_coach_standard"),
			WebhookSecret: os.Getenv("SCREENING_WEBHOOK_SECRET"),
			Timeout:       envDuration("SCREENING_TIMEOUT", 20*time.Second),
		},
		Worker: WorkerConfig{
			Concurrency:      envInt("WORKER_CONCURRENCY", 10),
			PaymentDueCron:   env("PAYMENT_DUE_CRON", "0 14 * * *"),
			UnpaidHoldPeriod: envDuration("UNPAID_HOLD_PERIOD", 72*time.Hour),
		},
	}
	if cfg.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envDuration(key string, def time.Duration) time.Duration {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
