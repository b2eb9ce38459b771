// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr      string
	DatabaseURL   string
	RedisAddr     string
	RedisPassword string

	PaymentsBaseURL string
	PaymentsAPIKey  string

	SMSBaseURL   string
	SMSAccount   string
	SMSToken     string
	SMSSender    string
	EmailBaseURL string
	EmailAPIKey  string
	EmailFrom    string

	FleetBaseURL   string
	FleetAPIKey    string
	FleetAccountID string
	FleetQueueURL  string
	AWSRegion      string

	WebhookSecretPayments string
	WebhookSecretSMS      string

	WorkerConcurrency int
	SweepInterval     time.Duration
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:              getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:           os.Getenv("DATABASE_URL"),
		RedisAddr:             getenv("REDIS_ADDR", "127.0.0.1:6379"),
		RedisPassword:         os.Getenv("REDIS_PASSWORD"),
		PaymentsBaseURL:       getenv("PAYMENTS_BASE_URL", "https://api.cardrail.example/v2"),
		PaymentsAPIKey:        os.Getenv("PAYMENTS_API_KEY"),
		SMSBaseURL:            getenv("SMS_BASE_URL", "https://api.textbridge.example/v1"),
		SMSAccount:            os.Getenv("SMS_ACCOUNT"),
		SMSToken:              os.Getenv("SMS_TOKEN"),
		SMSSender:             getenv("SMS_SENDER", "+15550100100"),
		EmailBaseURL:          getenv("EMAIL_BASE_URL", "https://mail.postlane.example/api"),
		EmailAPIKey:           os.Getenv("EMAIL_API_KEY"),
		EmailFrom:             getenv("EMAIL_FROM", "moves@haulright.example"),
		FleetBaseURL:          getenv("FLEET_BASE_URL", "https://partners.truckpool.example/api/v3"),
		FleetAPIKey:           os.Getenv("FLEET_API_KEY"),
		FleetAccountID:        os.Getenv("FLEET_ACCOUNT_ID"),
		FleetQueueURL:         os.Getenv("FLEET_QUEUE_URL"),
		AWSRegion:             getenv("AWS_REGION", "us-east-1"),
		WebhookSecretPayments: os.Getenv("PAYMENTS_WEBHOOK_SECRET"),
		WebhookSecretSMS:      os.Getenv("SMS_WEBHOOK_SECRET"),
		WorkerConcurrency:     getint("WORKER_CONCURRENCY", 10),
		SweepInterval:         getduration("SWEEP_INTERVAL", 5*time.Minute),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func getenv(k, def string) string {
	if v, ok := os.LookupEnv(k); ok && v != "" {
		return v
	}
	return def
}

func getint(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func getduration(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
