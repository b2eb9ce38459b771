// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads the fields it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string
	WebhookAddr string

	StripeSecretKey     string
	StripeWebhookSecret string

	RefLabBaseURL       string
	RefLabAPIKey        string
	RefLabWebhookSecret string

	PharmacyBaseURL       string
	PharmacyAPIKey        string
	PharmacyWebhookSecret string

	SMSBaseURL       string
	SMSAPIKey        string
	SMSSenderID      string
	SMSWebhookSecret string

	EmailBaseURL string
	EmailAPIKey  string
	EmailFrom    string

	BankBaseURL    string
	BankAPIKey     string
	BankOriginator string

	WorkerConcurrency int
	JobTimeout        time.Duration
	QuietHoursStart   int
	QuietHoursEnd     int
	DefaultCurrency   string
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:           os.Getenv("DATABASE_URL"),
		HTTPAddr:              getenv("HTTP_ADDR", ":8080"),
		WebhookAddr:           getenv("WEBHOOK_ADDR", ":8081"),
		StripeSecretKey:       os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
		RefLabBaseURL:         getenv("REFLAB_BASE_URL", "https://api.reflab.example/v2"),
		RefLabAPIKey:          os.Getenv("REFLAB_API_KEY"),
		RefLabWebhookSecret:   os.Getenv("REFLAB_WEBHOOK_SECRET"),
		PharmacyBaseURL:       getenv("PHARMACY_BASE_URL", "https://partners.petrxnet.example/api"),
		PharmacyAPIKey:        os.Getenv("PHARMACY_API_KEY"),
		PharmacyWebhookSecret: os.Getenv("PHARMACY_WEBHOOK_SECRET"),
		SMSBaseURL:            getenv("SMS_BASE_URL", "https://api.textwave.example/v1"),
		SMSAPIKey:             os.Getenv("SMS_API_KEY"),
		SMSSenderID:           getenv("SMS_SENDER_ID", "PawPath"),
		SMSWebhookSecret:      os.Getenv("SMS_WEBHOOK_SECRET"),
		EmailBaseURL:          getenv("EMAIL_BASE_URL", "https://api.mailrelay.example"),
		EmailAPIKey:           os.Getenv("EMAIL_API_KEY"),
		EmailFrom:             getenv("EMAIL_FROM", "care@pawpath.example"),
		BankBaseURL:           getenv("BANK_BASE_URL", "https://treasury.bank.example/api/v1"),
		BankAPIKey:            os.Getenv("BANK_API_KEY"),
		BankOriginator:        os.Getenv("BANK_ORIGINATOR_ID"),
		WorkerConcurrency:     getint("WORKER_CONCURRENCY", 10),
		JobTimeout:            getduration("JOB_TIMEOUT", 2*time.Minute),
		QuietHoursStart:       getint("QUIET_HOURS_START", 21),
		QuietHoursEnd:         getint("QUIET_HOURS_END", 8),
		DefaultCurrency:       getenv("DEFAULT_CURRENCY", "usd"),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func getenv(k, def string) string {
	if v := os.Getenv(k); v != "" {
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
