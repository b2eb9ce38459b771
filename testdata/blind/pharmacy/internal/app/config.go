// Package app wires the services together. cmd/api and cmd/worker call these
// constructors; nothing here reads globals.
package app

import (
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/cedarleaf/pharmacy/internal/provider/courier"
)

// Config is read from the environment.
type Config struct {
	DatabaseURL          string
	HTTPAddr             string
	LogLevel             slog.Level
	PublicBaseURL        string
	StripeSecretKey      string
	StripeWebhookSecret  string
	PBMBaseURL           string
	PBMAPIKey            string
	PharmacyNPI          string
	PBMWebhookSecret     string
	CourierBaseURL       string
	CourierAPIKey        string
	CourierAccount       string
	CourierWebhookSecret string
	TwilioAccountSID     string
	TwilioAuthToken      string
	TwilioFrom           string
	StaffTokens          map[string]string
	PharmacyAddress      courier.Address
	WorkerConcurrency    int
}

// LoadConfig reads Config from the environment.
func LoadConfig() (Config, error) {
	cfg := Config{
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		HTTPAddr:             envOr("HTTP_ADDR", ":8080"),
		PublicBaseURL:        os.Getenv("PUBLIC_BASE_URL"),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PBMBaseURL:           os.Getenv("PBM_BASE_URL"),
		PBMAPIKey:            os.Getenv("PBM_API_KEY"),
		PharmacyNPI:          os.Getenv("PHARMACY_NPI"),
		PBMWebhookSecret:     os.Getenv("PBM_WEBHOOK_SECRET"),
		CourierBaseURL:       os.Getenv("COURIER_BASE_URL"),
		CourierAPIKey:        os.Getenv("COURIER_API_KEY"),
		CourierAccount:       os.Getenv("COURIER_ACCOUNT"),
		CourierWebhookSecret: os.Getenv("COURIER_WEBHOOK_SECRET"),
		TwilioAccountSID:     os.Getenv("TWILIO_ACCOUNT_SID"),
		TwilioAuthToken:      os.Getenv("TWILIO_AUTH_TOKEN"),
		TwilioFrom:           os.Getenv("TWILIO_FROM"),
		StaffTokens:          parsePairs(os.Getenv("STAFF_TOKENS")),
		PharmacyAddress: courier.Address{
			Line1:      envOr("PHARMACY_ADDRESS_LINE1", "400 Cedar St"),
			City:       envOr("PHARMACY_ADDRESS_CITY", "Portland"),
			PostalCode: envOr("PHARMACY_ADDRESS_POSTAL", "97205"),
			Country:    "US",
		},
		WorkerConcurrency: 20,
	}
	if err := cfg.LogLevel.UnmarshalText([]byte(envOr("LOG_LEVEL", "info"))); err != nil {
		return cfg, fmt.Errorf("LOG_LEVEL: %w", err)
	}
	if cfg.DatabaseURL == "" {
		return cfg, fmt.Errorf("DATABASE_URL is required")
	}
	return cfg, nil
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// parsePairs parses "a=1,b=2".
func parsePairs(s string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && k != "" {
			out[k] = v
		}
	}
	return out
}
