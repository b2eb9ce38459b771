// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr    string
	DatabaseURL string
	RedisAddr   string
	PharmacyID  string
	LocationID  string

	StripeSecretKey     string
	StripeWebhookSecret string

	PBMBaseURL  string
	PBMAPIKey   string
	PBMBin      string
	PBMTimeout  time.Duration
	NCPDPVendor string

	CarrierBaseURL       string
	CarrierAPIKey        string
	CarrierAccount       string
	CarrierWebhookSecret string
	CarrierServiceLevel  string

	MailerBaseURL string
	MailerAPIKey  string
	MailerFrom    string

	ReminderLeadDays  int
	WorkerConcurrency int
}

func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:             env("HTTP_ADDR", ":8080"),
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		RedisAddr:            env("REDIS_ADDR", "127.0.0.1:6379"),
		PharmacyID:           env("PHARMACY_ID", "scriptline-main"),
		LocationID:           env("FULFILLMENT_LOCATION_ID", "dc-01"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PBMBaseURL:           env("PBM_BASE_URL", "https://api.pbm.example/v1"),
		PBMAPIKey:            os.Getenv("PBM_API_KEY"),
		NCPDPVendor:          env("NCPDP_VENDOR_ID", "SCRIPTLN"),
		CarrierBaseURL:       env("CARRIER_BASE_URL", "https://api.carrier.example/v2"),
		CarrierAPIKey:        os.Getenv("CARRIER_API_KEY"),
		CarrierAccount:       os.Getenv("CARRIER_ACCOUNT"),
		CarrierWebhookSecret: os.Getenv("CARRIER_WEBHOOK_SECRET"),
		CarrierServiceLevel:  env("CARRIER_SERVICE_LEVEL", "ground_advantage"),
		MailerBaseURL:        env("MAILER_BASE_URL", "https://api.mailer.example"),
		MailerAPIKey:         os.Getenv("MAILER_API_KEY"),
		MailerFrom:           env("MAILER_FROM", "Scriptline Pharmacy <refills@scriptline.example>"),
	}
	var err error
	if c.PBMTimeout, err = time.ParseDuration(env("PBM_TIMEOUT", "12s")); err != nil {
		return nil, fmt.Errorf("PBM_TIMEOUT: %w", err)
	}
	if c.ReminderLeadDays, err = strconv.Atoi(env("REMINDER_LEAD_DAYS", "5")); err != nil {
		return nil, fmt.Errorf("REMINDER_LEAD_DAYS: %w", err)
	}
	if c.WorkerConcurrency, err = strconv.Atoi(env("WORKER_CONCURRENCY", "10")); err != nil {
		return nil, fmt.Errorf("WORKER_CONCURRENCY: %w", err)
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}
