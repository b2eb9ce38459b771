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
	Env         string
	HTTPAddr    string
	DatabaseURL string
	RedisAddr   string
	RedisDB     int

	StripeSecretKey     string
	StripeWebhookSecret string

	GateBaseURL string
	GateAPIKey  string
	GateQueue   string
	AWSRegion   string

	InsurerBaseURL       string
	InsurerAPIKey        string
	InsurerWebhookSecret string

	SMSBaseURL    string
	SMSAccountSID string
	SMSAuthToken  string
	SMSFrom       string

	LettersBaseURL string
	LettersAPIKey  string

	AdminToken        string
	BillingTimezone   string
	WorkerConcurrency int
	ProviderTimeout   time.Duration
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	c := Config{
		Env:                  getenv("APP_ENV", "development"),
		HTTPAddr:             getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		RedisAddr:            getenv("REDIS_ADDR", "127.0.0.1:6379"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		GateBaseURL:          getenv("GATELINK_BASE_URL", "https://api.gatelink.example/v1"),
		GateAPIKey:           os.Getenv("GATELINK_API_KEY"),
		GateQueue:            os.Getenv("GATE_EVENTS_QUEUE_URL"),
		AWSRegion:            getenv("AWS_REGION", "us-east-1"),
		InsurerBaseURL:       getenv("INSURER_BASE_URL", "https://partners.coverbay.example/v2"),
		InsurerAPIKey:        os.Getenv("INSURER_API_KEY"),
		InsurerWebhookSecret: os.Getenv("INSURER_WEBHOOK_SECRET"),
		SMSBaseURL:           getenv("TEXTWIRE_BASE_URL", "https://api.textwire.example"),
		SMSAccountSID:        os.Getenv("TEXTWIRE_ACCOUNT_SID"),
		SMSAuthToken:         os.Getenv("TEXTWIRE_AUTH_TOKEN"),
		SMSFrom:              getenv("TEXTWIRE_FROM", "+15005550006"),
		LettersBaseURL:       getenv("POSTROUTE_BASE_URL", "https://api.postroute.example/v1"),
		LettersAPIKey:        os.Getenv("POSTROUTE_API_KEY"),
		AdminToken:           os.Getenv("ADMIN_TOKEN"),
		BillingTimezone:      getenv("BILLING_TZ", "America/Chicago"),
	}
	var err error
	if c.RedisDB, err = strconv.Atoi(getenv("REDIS_DB", "0")); err != nil {
		return c, fmt.Errorf("REDIS_DB: %w", err)
	}
	if c.WorkerConcurrency, err = strconv.Atoi(getenv("WORKER_CONCURRENCY", "10")); err != nil {
		return c, fmt.Errorf("WORKER_CONCURRENCY: %w", err)
	}
	if c.ProviderTimeout, err = time.ParseDuration(getenv("PROVIDER_TIMEOUT", "15s")); err != nil {
		return c, fmt.Errorf("PROVIDER_TIMEOUT: %w", err)
	}
	var missing []string
	if c.DatabaseURL == "" {
		missing = append(missing, "DATABASE_URL")
	}
	if len(missing) > 0 {
		return c, fmt.Errorf("missing required env: %v", missing)
	}
	return c, nil
}

// Location returns the billing time zone, falling back to UTC.
func (c Config) Location() *time.Location {
	loc, err := time.LoadLocation(c.BillingTimezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

func getenv(k, def string) string {
	if v, ok := os.LookupEnv(k); ok && v != "" {
		return v
	}
	return def
}
