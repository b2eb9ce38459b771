// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr string

	DatabaseURL string
	RedisAddr   string

	StripeSecretKey     string
	StripeWebhookSecret string

	WholesaleBaseURL       string
	WholesaleAPIKey        string
	WholesaleWebhookSecret string

	MessagingBaseURL string
	MessagingAPIKey  string

	QuoteTTL          time.Duration
	WorkerConcurrency int
	SettlementCron    string
	Currency          string
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:               env("HTTP_ADDR", ":8080"),
		DatabaseURL:            os.Getenv("DATABASE_URL"),
		RedisAddr:              env("REDIS_ADDR", "127.0.0.1:6379"),
		StripeSecretKey:        os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:    os.Getenv("STRIPE_WEBHOOK_SECRET"),
		WholesaleBaseURL:       env("WHOLESALE_BASE_URL", "https://partners.example-wholesale.test"),
		WholesaleAPIKey:        os.Getenv("WHOLESALE_API_KEY"),
		WholesaleWebhookSecret: os.Getenv("WHOLESALE_WEBHOOK_SECRET"),
		MessagingBaseURL:       env("MESSAGING_BASE_URL", "https://relay.example-messaging.test"),
		MessagingAPIKey:        os.Getenv("MESSAGING_API_KEY"),
		SettlementCron:         env("SETTLEMENT_CRON", "CRON_TZ=America/Chicago 30 1 * * *"),
		Currency:               env("CURRENCY", "usd"),
	}

	ttl, err := time.ParseDuration(env("QUOTE_TTL", "168h"))
	if err != nil {
		return Config{}, fmt.Errorf("QUOTE_TTL: %w", err)
	}
	c.QuoteTTL = ttl

	conc, err := strconv.Atoi(env("WORKER_CONCURRENCY", "8"))
	if err != nil {
		return Config{}, fmt.Errorf("WORKER_CONCURRENCY: %w", err)
	}
	c.WorkerConcurrency = conc

	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}
