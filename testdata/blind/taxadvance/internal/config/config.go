// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads the parts it needs.
type Config struct {
	Env             string
	HTTPAddr        string
	DatabaseURL     string
	RedisAddr       string
	RedisPassword   string
	AdminToken      string
	DepositQueueURL string
	AWSRegion       string

	BankBaseURL       string
	BankAPIKey        string
	BankWebhookSecret string
	OperatingAccount  string
	TaxPrepBaseURL    string
	TaxPrepAPIKey     string
	BureauBaseURL     string
	BureauAPIKey      string
	EmailBaseURL      string
	EmailAPIKey       string
	NoticeFromAddress string

	WorkerConcurrency int
	ProviderTimeout   time.Duration
	PayoutPeriodDays  int
}

// Load reads the environment and validates required settings.
func Load() (Config, error) {
	c := Config{
		Env:               get("APP_ENV", "development"),
		HTTPAddr:          get("HTTP_ADDR", ":8080"),
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		RedisAddr:         get("REDIS_ADDR", "localhost:6379"),
		RedisPassword:     os.Getenv("REDIS_PASSWORD"),
		AdminToken:        os.Getenv("ADMIN_TOKEN"),
		DepositQueueURL:   os.Getenv("DEPOSIT_QUEUE_URL"),
		AWSRegion:         get("AWS_REGION", "us-east-1"),
		BankBaseURL:       get("BANK_BASE_URL", "https://api.meridianbaas.com"),
		BankAPIKey:        os.Getenv("BANK_API_KEY"),
		BankWebhookSecret: os.Getenv("BANK_WEBHOOK_SECRET"),
		OperatingAccount:  os.Getenv("BANK_OPERATING_ACCOUNT"),
		TaxPrepBaseURL:    get("TAXPREP_BASE_URL", "https://bankproducts.taxprep-exchange.com"),
		TaxPrepAPIKey:     os.Getenv("TAXPREP_API_KEY"),
		BureauBaseURL:     get("BUREAU_BASE_URL", "https://api.softpull-bureau.com"),
		BureauAPIKey:      os.Getenv("BUREAU_API_KEY"),
		EmailBaseURL:      get("EMAIL_BASE_URL", "https://api.mailrelay.io"),
		EmailAPIKey:       os.Getenv("EMAIL_API_KEY"),
		NoticeFromAddress: get("NOTICE_FROM", "notices@refundbridge.com"),
		WorkerConcurrency: getInt("WORKER_CONCURRENCY", 10),
		ProviderTimeout:   getDuration("PROVIDER_TIMEOUT", 15*time.Second),
		PayoutPeriodDays:  getInt("PAYOUT_PERIOD_DAYS", 7),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
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
	if v, ok := os.LookupEnv(key); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func getDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
