// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	DatabaseURL string
	HTTPAddr    string

	StripeSecretKey     string
	StripeWebhookSecret string
	PlatformFeeBps      int64

	SMSBaseURL       string
	SMSAPIKey        string
	SMSFrom          string
	SMSWebhookSecret string

	LockboxBaseURL       string
	LockboxAPIToken      string
	LockboxWebhookSecret string

	ReminderLeadTime   time.Duration
	ReminderSweepEvery time.Duration
	PayoutWeekday      time.Weekday
	PayoutHourUTC      int
}

func Load() (Config, error) {
	cfg := Config{
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		HTTPAddr:             getenv("HTTP_ADDR", ":8080"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:           getenv("SMS_BASE_URL", "https://api.relaytext.io"),
		SMSAPIKey:            os.Getenv("SMS_API_KEY"),
		SMSFrom:              os.Getenv("SMS_FROM"),
		SMSWebhookSecret:     os.Getenv("SMS_WEBHOOK_SECRET"),
		LockboxBaseURL:       getenv("LOCKBOX_BASE_URL", "https://partner.keyhaven.com"),
		LockboxAPIToken:      os.Getenv("LOCKBOX_API_TOKEN"),
		LockboxWebhookSecret: os.Getenv("LOCKBOX_WEBHOOK_SECRET"),
		ReminderLeadTime:     24 * time.Hour,
		ReminderSweepEvery:   15 * time.Minute,
		PayoutWeekday:        time.Monday,
		PayoutHourUTC:        6,
	}
	fee, err := strconv.ParseInt(getenv("PLATFORM_FEE_BPS", "1800"), 10, 64)
	if err != nil {
		return Config{}, fmt.Errorf("config: PLATFORM_FEE_BPS: %w", err)
	}
	cfg.PlatformFeeBps = fee
	if v := os.Getenv("REMINDER_LEAD_TIME"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return Config{}, fmt.Errorf("config: REMINDER_LEAD_TIME: %w", err)
		}
		cfg.ReminderLeadTime = d
	}
	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func getenv(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}
