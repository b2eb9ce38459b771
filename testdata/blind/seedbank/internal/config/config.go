// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Provider holds the settings shared by every outbound API client.
type Provider struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Timeout       time.Duration
}

// Config is the runtime configuration of all three binaries.
type Config struct {
	HTTPAddr, DatabaseURL, AMQPURL string

	Payments, Courier, Lab, Mailer Provider

	LabCallbackURL    string
	DonationPortalKey string
	MailFrom          string
	DuesAmountCents   int64
	Currency          string
	// GerminationThreshold is the rate (percent) a lot must reach before it
	// is split into packets.
	GerminationThreshold float64
	HoldPeriod           time.Duration
	LoanPeriod           time.Duration
	Season               string
}

// Load reads the configuration from SEEDBANK_* variables.
func Load() (Config, error) {
	provider := func(name, url string, timeout time.Duration) Provider {
		return Provider{
			BaseURL:       env("SEEDBANK_"+name+"_URL", url),
			APIKey:        os.Getenv("SEEDBANK_" + name + "_KEY"),
			WebhookSecret: os.Getenv("SEEDBANK_" + name + "_WEBHOOK_SECRET"),
			Timeout:       duration("SEEDBANK_"+name+"_TIMEOUT", timeout),
		}
	}
	cfg := Config{
		HTTPAddr:          env("SEEDBANK_HTTP_ADDR", ":8080"),
		DatabaseURL:       os.Getenv("SEEDBANK_DATABASE_URL"),
		AMQPURL:           env("SEEDBANK_AMQP_URL", "amqp://guest:guest@localhost:5672/"),
		Payments:          provider("PAYMENTS", "https://api.tillbird.example/v1", 15*time.Second),
		Courier:           provider("COURIER", "https://api.parcelwren.example", 20*time.Second),
		Lab:               provider("LAB", "https://partners.germinata-labs.example/api", 20*time.Second),
		Mailer:            provider("MAILER", "https://api.postmoss.example", 10*time.Second),
		LabCallbackURL:    env("SEEDBANK_LAB_CALLBACK_URL", "https://seedbank.furrowline.example/webhooks/lab"),
		DonationPortalKey: os.Getenv("SEEDBANK_DONATION_PORTAL_KEY"),
		MailFrom:          env("SEEDBANK_MAIL_FROM", "Furrowline Seed Library <library@furrowline.example>"),
		Currency:          env("SEEDBANK_CURRENCY", "EUR"),
		HoldPeriod:        duration("SEEDBANK_HOLD_PERIOD", 72*time.Hour),
		LoanPeriod:        duration("SEEDBANK_LOAN_PERIOD", 240*24*time.Hour),
		Season:            env("SEEDBANK_SEASON", "2027-spring"),
	}
	var err error
	if cfg.DuesAmountCents, err = strconv.ParseInt(env("SEEDBANK_DUES_CENTS", "2500"), 10, 64); err != nil {
		return Config{}, fmt.Errorf("SEEDBANK_DUES_CENTS: %w", err)
	}
	if cfg.GerminationThreshold, err = strconv.ParseFloat(env("SEEDBANK_GERMINATION_THRESHOLD", "70"), 64); err != nil {
		return Config{}, fmt.Errorf("SEEDBANK_GERMINATION_THRESHOLD: %w", err)
	}
	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("SEEDBANK_DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, fallback string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return fallback
}

func duration(key string, fallback time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return d
	}
	return fallback
}
