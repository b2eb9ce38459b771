// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config holds every setting used by the three binaries. Not every binary
// uses every field.
type Config struct {
	HTTPAddr string

	MySQLDSN string

	RedisAddr     string
	RedisPassword string
	RedisDB       int

	EventsStream   string
	EventsGroup    string
	EventsConsumer string

	StripeSecretKey     string
	StripeWebhookSecret string
	PlatformCurrency    string

	KYCBaseURL       string
	KYCAPIKey        string
	KYCWebhookSecret string

	CourierBaseURL       string
	CourierAPIKey        string
	CourierWebhookSecret string
	CourierAccountID     string

	SMSBaseURL string
	SMSAPIKey  string
	SMSSender  string

	HoldTTL          time.Duration
	WorkerConcurrent int
}

// Load reads the configuration from environment variables.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		MySQLDSN:             os.Getenv("MYSQL_DSN"),
		RedisAddr:            env("REDIS_ADDR", "127.0.0.1:6379"),
		RedisPassword:        os.Getenv("REDIS_PASSWORD"),
		EventsStream:         env("EVENTS_STREAM", "marketplace.events"),
		EventsGroup:          env("EVENTS_GROUP", "rentals"),
		EventsConsumer:       env("EVENTS_CONSUMER", hostname()),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PlatformCurrency:     env("PLATFORM_CURRENCY", "eur"),
		KYCBaseURL:           env("KYC_BASE_URL", "https://api.verifyly.example/v2"),
		KYCAPIKey:            os.Getenv("KYC_API_KEY"),
		KYCWebhookSecret:     os.Getenv("KYC_WEBHOOK_SECRET"),
		CourierBaseURL:       env("COURIER_BASE_URL", "https://partners.swiftdrop.example/api"),
		CourierAPIKey:        os.Getenv("COURIER_API_KEY"),
		CourierWebhookSecret: os.Getenv("COURIER_WEBHOOK_SECRET"),
		CourierAccountID:     os.Getenv("COURIER_ACCOUNT_ID"),
		SMSBaseURL:           env("SMS_BASE_URL", "https://api.textrelay.example/v1"),
		SMSAPIKey:            os.Getenv("SMS_API_KEY"),
		SMSSender:            env("SMS_SENDER", "GearLoop"),
	}
	var err error
	if c.RedisDB, err = envInt("REDIS_DB", 0); err != nil {
		return nil, err
	}
	if c.WorkerConcurrent, err = envInt("WORKER_CONCURRENCY", 10); err != nil {
		return nil, err
	}
	if c.HoldTTL, err = time.ParseDuration(env("HOLD_TTL", "30m")); err != nil {
		return nil, fmt.Errorf("config: HOLD_TTL: %w", err)
	}
	if c.MySQLDSN == "" {
		return nil, fmt.Errorf("config: MYSQL_DSN is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return n, nil
}

func hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return "consumer"
	}
	return h
}
