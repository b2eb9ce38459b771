// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each binary reads the fields it needs.
type Config struct {
	Env             string
	HTTPAddr        string
	DatabaseURL     string
	DBMaxConns      int32
	ShutdownTimeout time.Duration

	StripeSecretKey     string
	StripeWebhookSecret string

	DispatchBaseURL       string
	DispatchAPIKey        string
	DispatchWebhookSecret string

	SMSBaseURL  string
	SMSAPIKey   string
	SMSSenderID string

	PushBaseURL string
	PushAPIKey  string

	WorkerConcurrency int
	PayoutWeekday     time.Weekday
	GoodwillCents     int64
	ReferralCents     int64
}

// Load reads configuration from environment variables.
func Load() (Config, error) {
	c := Config{
		Env:                   getenv("APP_ENV", "development"),
		HTTPAddr:              getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:           os.Getenv("DATABASE_URL"),
		DBMaxConns:            int32(getint("DB_MAX_CONNS", 20)),
		ShutdownTimeout:       getduration("SHUTDOWN_TIMEOUT", 20*time.Second),
		StripeSecretKey:       os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
		DispatchBaseURL:       getenv("DISPATCH_BASE_URL", "https://api.swiftcourier.example/v2"),
		DispatchAPIKey:        os.Getenv("DISPATCH_API_KEY"),
		DispatchWebhookSecret: os.Getenv("DISPATCH_WEBHOOK_SECRET"),
		SMSBaseURL:            getenv("SMS_BASE_URL", "https://api.textwire.example"),
		SMSAPIKey:             os.Getenv("SMS_API_KEY"),
		SMSSenderID:           getenv("SMS_SENDER_ID", "DineIn"),
		PushBaseURL:           getenv("PUSH_BASE_URL", "https://push.beacon.example"),
		PushAPIKey:            os.Getenv("PUSH_API_KEY"),
		WorkerConcurrency:     getint("WORKER_CONCURRENCY", 10),
		PayoutWeekday:         time.Weekday(getint("PAYOUT_WEEKDAY", int(time.Monday))),
		GoodwillCents:         int64(getint("GOODWILL_CREDIT_CENTS", 500)),
		ReferralCents:         int64(getint("REFERRAL_CREDIT_CENTS", 1000)),
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

// Production reports whether the process runs in production.
func (c Config) Production() bool { return c.Env == "production" }

func getenv(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func getint(key string, def int) int {
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

func getduration(key string, def time.Duration) time.Duration {
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
