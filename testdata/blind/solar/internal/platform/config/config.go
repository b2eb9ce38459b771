// Package config loads service configuration from the environment.
package config

import (
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads the parts it needs.
type Config struct {
	HTTPAddr string
	DSN      string

	StripeKey           string
	StripeWebhookSecret string

	LendingBaseURL   string
	LendingAPIKey    string
	LendingHookToken string

	DistributorBaseURL string
	DistributorAPIKey  string
	DistributorHookKey string

	PermitsBaseURL string
	PermitsAPIKey  string

	UtilityBaseURL   string
	UtilityAPIKey    string
	UtilityHookToken string

	SMSBaseURL string
	SMSAPIKey  string
	SMSFrom    string

	TemporalHostPort  string
	TemporalNamespace string
	TaskQueue         string

	ConsumerMaxRetries int
	ConsumerBackoff    time.Duration

	PayoutPeriod string
}

// Load reads the environment.
func Load() Config {
	return Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DSN:                 env("DATABASE_URL", "postgres://localhost/installs?sslmode=disable"),
		StripeKey:           os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		LendingBaseURL:      env("LENDING_BASE_URL", "https://api.lender.example/v2"),
		LendingAPIKey:       os.Getenv("LENDING_API_KEY"),
		LendingHookToken:    os.Getenv("LENDING_WEBHOOK_TOKEN"),
		DistributorBaseURL:  env("DISTRIBUTOR_BASE_URL", "https://orders.distributor.example"),
		DistributorAPIKey:   os.Getenv("DISTRIBUTOR_API_KEY"),
		DistributorHookKey:  os.Getenv("DISTRIBUTOR_WEBHOOK_KEY"),
		PermitsBaseURL:      env("PERMITS_BASE_URL", "https://permits.county.example/api"),
		PermitsAPIKey:       os.Getenv("PERMITS_API_KEY"),
		UtilityBaseURL:      env("UTILITY_BASE_URL", "https://interconnect.utility.example"),
		UtilityAPIKey:       os.Getenv("UTILITY_API_KEY"),
		UtilityHookToken:    os.Getenv("UTILITY_WEBHOOK_TOKEN"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://api.textline.example/v1"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		SMSFrom:             env("SMS_FROM", "+15555550100"),
		TemporalHostPort:    env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace:   env("TEMPORAL_NAMESPACE", "installs"),
		TaskQueue:           env("TEMPORAL_TASK_QUEUE", "installs-main"),
		ConsumerMaxRetries:  envInt("CONSUMER_MAX_RETRIES", 5),
		ConsumerBackoff:     envDuration("CONSUMER_BACKOFF", 500*time.Millisecond),
		PayoutPeriod:        os.Getenv("PAYOUT_PERIOD"),
	}
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return v
	}
	return def
}
