// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr      string
	DatabaseURL   string
	StripeKey     string
	StripeWHSec   string
	SMSBaseURL    string
	SMSAPIKey     string
	SMSSender     string
	MailBaseURL   string
	MailAPIKey    string
	MailFrom      string
	KafkaBrokers  []string
	KafkaGroupID  string
	AdminToken    string
	StorefrontKey string

	CardValidity        time.Duration
	ReminderWindow      time.Duration
	WebhookTimeout      time.Duration
	SettlementCurrency  string
	ExpirySweepInterval time.Duration
	WorkerConcurrency   int
	MaxLoadCents        int64
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		StripeKey:           os.Getenv("STRIPE_SECRET_KEY"),
		StripeWHSec:         os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://api.textrelay.example/v2"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		SMSSender:           env("SMS_SENDER", "GIFTCARD"),
		MailBaseURL:         env("MAIL_BASE_URL", "https://mail.example/api"),
		MailAPIKey:          os.Getenv("MAIL_API_KEY"),
		MailFrom:            env("MAIL_FROM", "cards@giftcards.example"),
		KafkaBrokers:        strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:        env("KAFKA_GROUP_ID", "giftcards-worker"),
		AdminToken:          os.Getenv("ADMIN_TOKEN"),
		StorefrontKey:       os.Getenv("STOREFRONT_API_KEY"),
		CardValidity:        envDuration("CARD_VALIDITY", 3*365*24*time.Hour),
		ReminderWindow:      envDuration("REMINDER_WINDOW", 14*24*time.Hour),
		WebhookTimeout:      envDuration("WEBHOOK_TIMEOUT", 10*time.Second),
		SettlementCurrency:  env("SETTLEMENT_CURRENCY", "usd"),
		ExpirySweepInterval: envDuration("EXPIRY_SWEEP_INTERVAL", time.Hour),
		WorkerConcurrency:   envInt("WORKER_CONCURRENCY", 20),
		MaxLoadCents:        int64(envInt("MAX_LOAD_CENTS", 50000)),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

func envInt(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}
