// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	Env                 string
	DatabaseURL         string
	HTTPAddr            string
	WebhookAddr         string
	MetricsAddr         string
	StripeKey           string
	StripeWebhookSecret string
	Wholesale           WholesaleConfig
	SMS                 SMSConfig
	WorkerConcurrency   int
	ShutdownTimeout     time.Duration
}

type WholesaleConfig struct {
	BaseURL       string
	APIKey        string
	AccountCode   string
	WebhookSecret string
	Timeout       time.Duration
}

type SMSConfig struct {
	BaseURL       string
	AccountSID    string
	AuthToken     string
	SenderID      string
	WebhookSecret string
	Timeout       time.Duration
}

func Load() (Config, error) {
	c := Config{
		Env:                 env("APP_ENV", "development"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		WebhookAddr:         env("WEBHOOK_ADDR", ":8081"),
		MetricsAddr:         env("METRICS_ADDR", ":9090"),
		StripeKey:           os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		Wholesale: WholesaleConfig{
			BaseURL:       env("WHOLESALE_BASE_URL", "https://api.freshline-wholesale.example/v2"),
			APIKey:        os.Getenv("WHOLESALE_API_KEY"),
			AccountCode:   os.Getenv("WHOLESALE_ACCOUNT_CODE"),
			WebhookSecret: os.Getenv("WHOLESALE_WEBHOOK_SECRET"),
			Timeout:       duration("WHOLESALE_TIMEOUT", 15*time.Second),
		},
		SMS: SMSConfig{
			BaseURL:       env("SMS_BASE_URL", "https://api.texthive.example/v1"),
			AccountSID:    os.Getenv("SMS_ACCOUNT_SID"),
			AuthToken:     os.Getenv("SMS_AUTH_TOKEN"),
			SenderID:      env("SMS_SENDER_ID", "ForkFeast"),
			WebhookSecret: os.Getenv("SMS_WEBHOOK_SECRET"),
			Timeout:       duration("SMS_TIMEOUT", 10*time.Second),
		},
		WorkerConcurrency: integer("WORKER_CONCURRENCY", 20),
		ShutdownTimeout:   duration("SHUTDOWN_TIMEOUT", 20*time.Second),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func (c Config) Dev() bool { return c.Env == "development" }

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func duration(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

func integer(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}
