// Package config loads process configuration from the environment.
package config

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads the fields it needs.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	RedisAddr   string
	RedisDB     int

	PaymentsBaseURL       string
	PaymentsAPIKey        string
	PaymentsWebhookSecret string

	CleaningBaseURL string
	CleaningAPIKey  string

	MailerBaseURL string
	MailerAPIKey  string
	MailerFrom    string

	AWSRegion         string
	InspectionBucket  string
	UsageQueueURL     string
	UsageVisibility   time.Duration
	UsagePricePerKWh  int64
	UsagePricePerM3   int64
	PlatformFeeBps    int64
	DamageClaimWindow time.Duration
	ReminderLeadTime  time.Duration
	WorkerConcurrency int
}

// Load reads configuration from environment variables.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:              env("HTTP_ADDR", ":8080"),
		DatabaseURL:           env("DATABASE_URL", ""),
		RedisAddr:             env("REDIS_ADDR", "localhost:6379"),
		PaymentsBaseURL:       env("PAYMENTS_BASE_URL", "https://api.paylane.example/v1"),
		PaymentsAPIKey:        env("PAYMENTS_API_KEY", ""),
		PaymentsWebhookSecret: env("PAYMENTS_WEBHOOK_SECRET", ""),
		CleaningBaseURL:       env("CLEANING_BASE_URL", "https://partners.sparklecrew.example/api"),
		CleaningAPIKey:        env("CLEANING_API_KEY", ""),
		MailerBaseURL:         env("MAILER_BASE_URL", "https://api.postbird.example"),
		MailerAPIKey:          env("MAILER_API_KEY", ""),
		MailerFrom:            env("MAILER_FROM", "bookings@hearthkit.example"),
		AWSRegion:             env("AWS_REGION", "us-east-1"),
		InspectionBucket:      env("INSPECTION_BUCKET", "hearthkit-inspections"),
		UsageQueueURL:         env("USAGE_QUEUE_URL", ""),
	}
	var errs []error
	c.RedisDB = parse(&errs, "REDIS_DB", 0, strconv.Atoi)
	c.UsageVisibility = parse(&errs, "USAGE_VISIBILITY_TIMEOUT", 60*time.Second, time.ParseDuration)
	c.UsagePricePerKWh = parse(&errs, "USAGE_PRICE_PER_KWH_CENTS", int64(32), parseInt64)
	c.UsagePricePerM3 = parse(&errs, "USAGE_PRICE_PER_M3_CENTS", int64(140), parseInt64)
	c.PlatformFeeBps = parse(&errs, "PLATFORM_FEE_BPS", int64(1500), parseInt64)
	c.DamageClaimWindow = parse(&errs, "DAMAGE_CLAIM_WINDOW", 72*time.Hour, time.ParseDuration)
	c.ReminderLeadTime = parse(&errs, "REMINDER_LEAD_TIME", 24*time.Hour, time.ParseDuration)
	c.WorkerConcurrency = parse(&errs, "WORKER_CONCURRENCY", 10, strconv.Atoi)
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func parseInt64(v string) (int64, error) { return strconv.ParseInt(v, 10, 64) }

// parse reads key with fn, falling back to def when unset and collecting
// parse failures in errs.
func parse[T any](errs *[]error, key string, def T, fn func(string) (T, error)) T {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	out, err := fn(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("config: %s: %w", key, err))
		return def
	}
	return out
}
