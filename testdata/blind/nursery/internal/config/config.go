// Package config reads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/acornlane-childcare/nursery/internal/provider/council"
	"github.com/acornlane-childcare/nursery/internal/provider/directdebit"
	"github.com/acornlane-childcare/nursery/internal/provider/email"
	"github.com/acornlane-childcare/nursery/internal/provider/sms"
)

type Config struct {
	DatabaseURL string
	HTTPAddr    string
	LogLevel    string

	DirectDebit directdebit.Config
	SMS         sms.Config
	Email       email.Config
	Council     council.Config

	CollectionMaxAttempts int
	CollectionRetryAfter  time.Duration

	InvoiceDay      int
	InvoiceSchedule string
}

func Load() (Config, error) {
	cfg := Config{
		DatabaseURL: os.Getenv("DATABASE_URL"),
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		LogLevel:    env("LOG_LEVEL", "info"),
		DirectDebit: directdebit.Config{
			BaseURL:       env("DD_BASE_URL", "https://api.sandbox.example-dd.co.uk"),
			AccessToken:   os.Getenv("DD_ACCESS_TOKEN"),
			WebhookSecret: os.Getenv("DD_WEBHOOK_SECRET"),
			Timeout:       durationEnv("DD_TIMEOUT", 15*time.Second),
			MaxElapsed:    durationEnv("DD_MAX_ELAPSED", 45*time.Second),
		},
		SMS: sms.Config{
			BaseURL:  env("SMS_BASE_URL", "https://sms.example-gateway.net"),
			APIKey:   os.Getenv("SMS_API_KEY"),
			SenderID: env("SMS_SENDER_ID", "AcornLane"),
			Timeout:  durationEnv("SMS_TIMEOUT", 10*time.Second),
		},
		Email: email.Config{
			BaseURL: env("EMAIL_BASE_URL", "https://mail.example-relay.com"),
			APIKey:  os.Getenv("EMAIL_API_KEY"),
			From:    env("EMAIL_FROM", "Acorn Lane Nurseries <hello@acornlane.example>"),
			Timeout: durationEnv("EMAIL_TIMEOUT", 10*time.Second),
		},
		Council: council.Config{
			BaseURL: env("COUNCIL_BASE_URL", "https://eyportal.example.gov.uk"),
			Token:   os.Getenv("COUNCIL_TOKEN"),
			Timeout: durationEnv("COUNCIL_TIMEOUT", 30*time.Second),
		},
		CollectionMaxAttempts: intEnv("COLLECTION_MAX_ATTEMPTS", 3),
		CollectionRetryAfter:  durationEnv("COLLECTION_RETRY_AFTER", 120*time.Hour),
		InvoiceDay:            intEnv("INVOICE_DAY", 20),
		InvoiceSchedule:       env("INVOICE_SCHEDULE", "30 1 * * *"),
	}
	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func intEnv(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return v
	}
	return def
}

func durationEnv(key string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return v
	}
	return def
}
