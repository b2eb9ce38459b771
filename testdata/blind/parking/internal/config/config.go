// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by the api and worker binaries. Not every field is used by
// both.
type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	RedisAddr    string
	NATSURL      string
	ANPRStream   string
	StripeKey    string
	StripeSecret string // webhook signing secret

	SMSBaseURL    string
	SMSAPIKey     string
	SMSSenderID   string
	SMSInboundKey string

	TowingBaseURL string
	TowingAPIKey  string

	FleetWebhookTimeout time.Duration

	Currency           string
	ReminderLead       time.Duration
	FineReminderAfter  time.Duration
	FineLateFeeCents   int64
	WorkerConcurrency  int
	SettlementCronSpec string
}

// Load reads the configuration, applying defaults for optional values.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		RedisAddr:           env("REDIS_ADDR", "127.0.0.1:6379"),
		NATSURL:             env("NATS_URL", "nats://127.0.0.1:4222"),
		ANPRStream:          env("ANPR_STREAM", "ANPR"),
		StripeKey:           os.Getenv("STRIPE_SECRET_KEY"),
		StripeSecret:        os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://sms-gateway.internal"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		SMSSenderID:         env("SMS_SENDER_ID", "CITYPARK"),
		SMSInboundKey:       os.Getenv("SMS_INBOUND_KEY"),
		TowingBaseURL:       env("TOWING_BASE_URL", "https://tow-partner.example"),
		TowingAPIKey:        os.Getenv("TOWING_API_KEY"),
		FleetWebhookTimeout: envDuration("FLEET_WEBHOOK_TIMEOUT", 5*time.Second),
		Currency:            env("CURRENCY", "eur"),
		ReminderLead:        envDuration("REMINDER_LEAD", 10*time.Minute),
		FineReminderAfter:   envDuration("FINE_REMINDER_AFTER", 14*24*time.Hour),
		FineLateFeeCents:    int64(envInt("FINE_LATE_FEE_CENTS", 1500)),
		WorkerConcurrency:   envInt("WORKER_CONCURRENCY", 10),
		SettlementCronSpec:  env("SETTLEMENT_CRON", "15 2 * * *"),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
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
