// Package config loads process configuration from the environment.
package config

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"
	_ "time/tzdata" // billing periods are computed in the operating timezone
)

// Config holds settings shared by every washclub binary. Values come from the
// environment so that one image can run as the API, the task worker, the
// kiosk consumer or the billing cron.
type Config struct {
	HTTPAddr       string
	DatabaseURL    string
	DBMaxOpenConns int

	RedisAddr     string
	RedisPassword string
	RedisDB       int

	AWSRegion     string
	KioskQueueURL string

	CardProcessorURL    string
	CardProcessorAPIKey string
	CardWebhookSecret   string

	BayControllerURL   string
	BayControllerToken string
	BayWebhookToken    string

	SMSBaseURL string
	SMSAPIKey  string
	SMSSender  string

	WorkerConcurrency int
	ShutdownTimeout   time.Duration
	PointsPerDollar   int64
	Location          *time.Location
}

// FromEnv loads Config from environment variables, applying defaults for
// anything optional. All problems are reported together.
func FromEnv() (Config, error) {
	var errs []error
	cfg := Config{
		HTTPAddr:            getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		RedisAddr:           getenv("REDIS_ADDR", "localhost:6379"),
		RedisPassword:       os.Getenv("REDIS_PASSWORD"),
		AWSRegion:           getenv("AWS_REGION", "us-east-1"),
		KioskQueueURL:       os.Getenv("KIOSK_QUEUE_URL"),
		CardProcessorURL:    getenv("CARD_PROCESSOR_URL", "https://api.tillpoint.com/v2"),
		CardProcessorAPIKey: os.Getenv("CARD_PROCESSOR_API_KEY"),
		CardWebhookSecret:   os.Getenv("CARD_WEBHOOK_SECRET"),
		BayControllerURL:    getenv("BAY_CONTROLLER_URL", "https://cloud.washlink.io/api/v1"),
		BayControllerToken:  os.Getenv("BAY_CONTROLLER_TOKEN"),
		BayWebhookToken:     os.Getenv("BAY_WEBHOOK_TOKEN"),
		SMSBaseURL:          getenv("SMS_BASE_URL", "https://api.textrail.com/v1"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		SMSSender:           getenv("SMS_SENDER", "BRIGHTBAY"),
	}
	cfg.DBMaxOpenConns = intEnv("DB_MAX_OPEN_CONNS", 20, &errs)
	cfg.RedisDB = intEnv("REDIS_DB", 0, &errs)
	cfg.WorkerConcurrency = intEnv("WORKER_CONCURRENCY", 10, &errs)
	cfg.PointsPerDollar = int64(intEnv("POINTS_PER_DOLLAR", 10, &errs))
	cfg.ShutdownTimeout = durationEnv("SHUTDOWN_TIMEOUT", 20*time.Second, &errs)

	loc, err := time.LoadLocation(getenv("BILLING_TIMEZONE", "America/Chicago"))
	if err != nil {
		errs = append(errs, fmt.Errorf("BILLING_TIMEZONE: %w", err))
		loc = time.UTC
	}
	cfg.Location = loc

	if cfg.DatabaseURL == "" {
		errs = append(errs, errors.New("DATABASE_URL is required"))
	}
	return cfg, errors.Join(errs...)
}

func getenv(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func intEnv(key string, def int, errs *[]error) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s: %w", key, err))
		return def
	}
	return n
}

func durationEnv(key string, def time.Duration, errs *[]error) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s: %w", key, err))
		return def
	}
	return d
}
