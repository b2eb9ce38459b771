// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by the api and worker binaries.
type Config struct {
	HTTPAddr    string
	DatabaseURL string

	StripeSecretKey     string
	StripeWebhookSecret string

	FuneralHomeBaseURL       string
	FuneralHomeAPIKey        string
	FuneralHomeWebhookSecret string

	EngraverBaseURL string
	EngraverAPIKey  string

	SMSBaseURL    string
	SMSAccountID  string
	SMSAuthToken  string
	SMSFromNumber string

	DepositCents        int64
	ReminderLeadTime    time.Duration
	BillingInterval     time.Duration
	ProviderHTTPTimeout time.Duration
	WorkerConcurrency   int
}

// FromEnv reads the configuration, applying defaults for optional values.
func FromEnv() (Config, error) {
	var errs []error
	c := Config{
		HTTPAddr:                 str("HTTP_ADDR", ":8080"),
		DatabaseURL:              os.Getenv("DATABASE_URL"),
		StripeSecretKey:          os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:      os.Getenv("STRIPE_WEBHOOK_SECRET"),
		FuneralHomeBaseURL:       str("FUNERAL_HOME_BASE_URL", "https://partners.restwell-network.example/api/v2"),
		FuneralHomeAPIKey:        os.Getenv("FUNERAL_HOME_API_KEY"),
		FuneralHomeWebhookSecret: os.Getenv("FUNERAL_HOME_WEBHOOK_SECRET"),
		EngraverBaseURL:          str("ENGRAVER_BASE_URL", "https://orders.granitecraft.example/v1"),
		EngraverAPIKey:           os.Getenv("ENGRAVER_API_KEY"),
		SMSBaseURL:               str("SMS_BASE_URL", "https://api.textwire.example/2024-01"),
		SMSAccountID:             os.Getenv("SMS_ACCOUNT_ID"),
		SMSAuthToken:             os.Getenv("SMS_AUTH_TOKEN"),
		SMSFromNumber:            os.Getenv("SMS_FROM_NUMBER"),
		DepositCents:             parse("PLOT_DEPOSIT_CENTS", int64(50000), func(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) }, &errs),
		ReminderLeadTime:         parse("INTERMENT_REMINDER_LEAD", 24*time.Hour, time.ParseDuration, &errs),
		BillingInterval:          parse("CARE_BILLING_INTERVAL", 6*time.Hour, time.ParseDuration, &errs),
		ProviderHTTPTimeout:      parse("PROVIDER_HTTP_TIMEOUT", 15*time.Second, time.ParseDuration, &errs),
		WorkerConcurrency:        parse("WORKER_CONCURRENCY", 10, strconv.Atoi, &errs),
	}
	if c.DatabaseURL == "" {
		errs = append(errs, fmt.Errorf("DATABASE_URL is required"))
	}
	if len(errs) > 0 {
		return Config{}, fmt.Errorf("config: %v", errs)
	}
	return c, nil
}

func str(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func parse[T any](key string, def T, fn func(string) (T, error), errs *[]error) T {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	out, err := fn(v)
	if err != nil {
		*errs = append(*errs, fmt.Errorf("%s: %w", key, err))
		return def
	}
	return out
}
