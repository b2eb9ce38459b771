package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr            string
	DatabaseURL         string
	StripeSecretKey     string
	StripeWebhookSecret string
	CourierBaseURL      string
	CourierAPIKey       string
	CourierWebhookKey   string
	RegulatorBaseURL    string
	RegulatorClientID   string
	RegulatorToken      string
	SMSBaseURL          string
	SMSAccountSID       string
	SMSAuthToken        string
	SMSFrom             string
	EmailBaseURL        string
	EmailAPIKey         string
	EmailFrom           string
	PharmacyPremisesID  string
	WorkerConcurrency   int
	ShutdownTimeout     time.Duration
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		CourierBaseURL:      env("COURIER_BASE_URL", "https://api.parcelwing.example/v2"),
		CourierAPIKey:       os.Getenv("COURIER_API_KEY"),
		CourierWebhookKey:   os.Getenv("COURIER_WEBHOOK_KEY"),
		RegulatorBaseURL:    env("REGULATOR_BASE_URL", "https://cdr.vmd.example/api/v1"),
		RegulatorClientID:   os.Getenv("REGULATOR_CLIENT_ID"),
		RegulatorToken:      os.Getenv("REGULATOR_TOKEN"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://sms.textbridge.example"),
		SMSAccountSID:       os.Getenv("SMS_ACCOUNT_SID"),
		SMSAuthToken:        os.Getenv("SMS_AUTH_TOKEN"),
		SMSFrom:             env("SMS_FROM", "RefillRx"),
		EmailBaseURL:        env("EMAIL_BASE_URL", "https://api.postbird.example"),
		EmailAPIKey:         os.Getenv("EMAIL_API_KEY"),
		EmailFrom:           env("EMAIL_FROM", "pharmacy@refillrx.example"),
		PharmacyPremisesID:  os.Getenv("PHARMACY_PREMISES_ID"),
		ShutdownTimeout:     15 * time.Second,
	}
	n, err := strconv.Atoi(env("WORKER_CONCURRENCY", "10"))
	if err != nil {
		return Config{}, fmt.Errorf("WORKER_CONCURRENCY: %w", err)
	}
	c.WorkerConcurrency = n
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
