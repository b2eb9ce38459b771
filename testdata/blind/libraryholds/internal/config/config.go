// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is everything the binaries need to start.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	RedisAddr   string
	AWSRegion   string

	TransferQueueURL string
	MailFrom         string
	MailConfigSet    string

	StripeSecretKey     string
	StripeWebhookSecret string
	Currency            string

	DistributorBaseURL       string
	DistributorAPIKey        string
	DistributorLibraryID     string
	DistributorWebhookSecret string

	MaxHoldsPerPatron   int
	HoldPickupWindow    time.Duration
	DailyFineCents      int64
	MaxOverdueFineCents int64
	LostAfter           time.Duration
	AutopayMinimumCents int64
	MaxEbookRenewals    int
}

// FromEnv loads the configuration and validates the required parts.
func FromEnv() (Config, error) {
	c := Config{
		HTTPAddr:                 getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:              os.Getenv("DATABASE_URL"),
		RedisAddr:                getenv("REDIS_ADDR", "localhost:6379"),
		AWSRegion:                getenv("AWS_REGION", "us-east-1"),
		TransferQueueURL:         os.Getenv("TRANSFER_QUEUE_URL"),
		MailFrom:                 getenv("MAIL_FROM", "no-reply@branchline.example"),
		MailConfigSet:            os.Getenv("MAIL_CONFIGURATION_SET"),
		StripeSecretKey:          os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:      os.Getenv("STRIPE_WEBHOOK_SECRET"),
		Currency:                 getenv("CURRENCY", "usd"),
		DistributorBaseURL:       getenv("DISTRIBUTOR_BASE_URL", "https://partner.api.example/v2"),
		DistributorAPIKey:        os.Getenv("DISTRIBUTOR_API_KEY"),
		DistributorLibraryID:     os.Getenv("DISTRIBUTOR_LIBRARY_ID"),
		DistributorWebhookSecret: os.Getenv("DISTRIBUTOR_WEBHOOK_SECRET"),
		MaxHoldsPerPatron:        getint("MAX_HOLDS_PER_PATRON", 25),
		HoldPickupWindow:         getdur("HOLD_PICKUP_WINDOW", 7*24*time.Hour),
		DailyFineCents:           int64(getint("DAILY_FINE_CENTS", 25)),
		MaxOverdueFineCents:      int64(getint("MAX_OVERDUE_FINE_CENTS", 1000)),
		LostAfter:                getdur("LOST_AFTER", 60*24*time.Hour),
		AutopayMinimumCents:      int64(getint("AUTOPAY_MINIMUM_CENTS", 500)),
		MaxEbookRenewals:         getint("MAX_EBOOK_RENEWALS", 2),
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

func getdur(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
