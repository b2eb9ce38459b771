// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by both binaries; each reads the fields it needs.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	NATSURL     string
	Location    *time.Location

	BankURL           string
	BankAPIKey        string
	BankWebhookSecret string

	CityURL           string
	CityContractorID  string
	CityToken         string
	CityWebhookSecret string

	SMSURL     string
	SMSAccount string
	SMSToken   string
	SMSFrom    string

	SupplierURL     string
	SupplierAccount string
	SupplierKey     string

	MoneyWorkers int
	OpsWorkers   int
}

// Load reads Config from the environment.
func Load() (*Config, error) {
	loc, err := time.LoadLocation(env("SNOWPLOW_TZ", "America/Chicago"))
	if err != nil {
		return nil, fmt.Errorf("config: SNOWPLOW_TZ: %w", err)
	}
	c := &Config{
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		DatabaseURL: os.Getenv("DATABASE_URL"),
		NATSURL:     env("NATS_URL", "nats://127.0.0.1:4222"),
		Location:    loc,

		BankURL:           env("BANKPAY_URL", "https://api.bankpay.example/"),
		BankAPIKey:        os.Getenv("BANKPAY_API_KEY"),
		BankWebhookSecret: os.Getenv("BANKPAY_WEBHOOK_SECRET"),

		CityURL:           os.Getenv("CITY_DISPATCH_URL"),
		CityContractorID:  os.Getenv("CITY_CONTRACTOR_ID"),
		CityToken:         os.Getenv("CITY_DISPATCH_TOKEN"),
		CityWebhookSecret: os.Getenv("CITY_WEBHOOK_SECRET"),

		SMSURL:     os.Getenv("SMS_URL"),
		SMSAccount: os.Getenv("SMS_ACCOUNT"),
		SMSToken:   os.Getenv("SMS_TOKEN"),
		SMSFrom:    env("SMS_FROM", "+15550100200"),

		SupplierURL:     os.Getenv("SALT_SUPPLIER_URL"),
		SupplierAccount: os.Getenv("SALT_SUPPLIER_ACCOUNT"),
		SupplierKey:     os.Getenv("SALT_SUPPLIER_KEY"),

		MoneyWorkers: envInt("RIVER_MONEY_WORKERS", 4),
		OpsWorkers:   envInt("RIVER_OPS_WORKERS", 8),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil && v > 0 {
		return v
	}
	return def
}
