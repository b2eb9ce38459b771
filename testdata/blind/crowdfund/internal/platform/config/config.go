// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	Env              string
	HTTPAddr         string
	HooksAddr        string
	DatabaseURL      string
	DatabaseMaxConns int32

	StripeSecretKey     string
	StripeWebhookSecret string

	CarrierBaseURL       string
	CarrierAPIKey        string
	CarrierWebhookSecret string
	WarehouseName        string
	WarehouseLine1       string
	WarehouseCity        string
	WarehousePostalCode  string
	WarehouseCountry     string
	WarehousePhone       string

	BankBaseURL       string
	BankAPIKey        string
	BankWebhookSecret string

	MailBaseURL  string
	MailAPIKey   string
	MailFrom     string
	PublicAppURL string

	WorkerConcurrency int
	HTTPTimeout       time.Duration
}

func Load() (Config, error) {
	c := Config{
		Env:                  get("APP_ENV", "development"),
		HTTPAddr:             get("HTTP_ADDR", ":8080"),
		HooksAddr:            get("HOOKS_ADDR", ":8081"),
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		DatabaseMaxConns:     int32(getInt("DATABASE_MAX_CONNS", 20)),
		StripeSecretKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		CarrierBaseURL:       get("CARRIER_BASE_URL", "https://api.parcelhub.example/v2"),
		CarrierAPIKey:        os.Getenv("CARRIER_API_KEY"),
		CarrierWebhookSecret: os.Getenv("CARRIER_WEBHOOK_SECRET"),
		WarehouseName:        get("WAREHOUSE_NAME", "BrightFund Fulfilment"),
		WarehouseLine1:       os.Getenv("WAREHOUSE_LINE1"),
		WarehouseCity:        os.Getenv("WAREHOUSE_CITY"),
		WarehousePostalCode:  os.Getenv("WAREHOUSE_POSTAL_CODE"),
		WarehouseCountry:     get("WAREHOUSE_COUNTRY", "GB"),
		WarehousePhone:       os.Getenv("WAREHOUSE_PHONE"),
		BankBaseURL:          get("BANK_BASE_URL", "https://partner.fennelbank.example/api"),
		BankAPIKey:           os.Getenv("BANK_API_KEY"),
		BankWebhookSecret:    os.Getenv("BANK_WEBHOOK_SECRET"),
		MailBaseURL:          get("MAIL_BASE_URL", "https://api.mailwave.example/v3"),
		MailAPIKey:           os.Getenv("MAIL_API_KEY"),
		MailFrom:             get("MAIL_FROM", "BrightFund <hello@brightfund.example>"),
		PublicAppURL:         get("PUBLIC_APP_URL", "https://brightfund.example"),
		WorkerConcurrency:    getInt("WORKER_CONCURRENCY", 10),
		HTTPTimeout:          getDuration("PROVIDER_HTTP_TIMEOUT", 15*time.Second),
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func get(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func getInt(key string, def int) int {
	v, err := strconv.Atoi(os.Getenv(key))
	if err != nil {
		return def
	}
	return v
}

func getDuration(key string, def time.Duration) time.Duration {
	v, err := time.ParseDuration(os.Getenv(key))
	if err != nil {
		return def
	}
	return v
}
