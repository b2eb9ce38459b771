// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads the parts it needs.
type Config struct {
	Env         string
	HTTPAddr    string
	DatabaseURL string
	RedisAddr   string
	RedisDB     int

	PayrailBaseURL       string
	PayrailAPIKey        string
	PayrailWebhookSecret string

	TaxVaultBaseURL       string
	TaxVaultAPIKey        string
	TaxVaultWebhookSecret string

	PostlaneBaseURL string
	PostlaneAPIKey  string
	StatementsFrom  string

	PlatformFeeBps    int
	DefaultCurrency   string
	WorkerConcurrency int
	ConsumerGroup     string
	ProviderTimeout   time.Duration
}

// Load reads the environment and applies defaults.
func Load() (Config, error) {
	cfg := Config{
		Env:                   env("APP_ENV", "development"),
		HTTPAddr:              env("HTTP_ADDR", ":8080"),
		DatabaseURL:           env("DATABASE_URL", "postgres://artistpay:artistpay@localhost:5432/artistpay?sslmode=disable"),
		RedisAddr:             env("REDIS_ADDR", "localhost:6379"),
		PayrailBaseURL:        env("PAYRAIL_BASE_URL", "https://api.payrail.example/v1"),
		PayrailAPIKey:         os.Getenv("PAYRAIL_API_KEY"),
		PayrailWebhookSecret:  os.Getenv("PAYRAIL_WEBHOOK_SECRET"),
		TaxVaultBaseURL:       env("TAXVAULT_BASE_URL", "https://api.taxvault.example"),
		TaxVaultAPIKey:        os.Getenv("TAXVAULT_API_KEY"),
		TaxVaultWebhookSecret: os.Getenv("TAXVAULT_WEBHOOK_SECRET"),
		PostlaneBaseURL:       env("POSTLANE_BASE_URL", "https://api.postlane.example"),
		PostlaneAPIKey:        os.Getenv("POSTLANE_API_KEY"),
		StatementsFrom:        env("STATEMENTS_FROM", "royalties@soundledger.example"),
		DefaultCurrency:       env("DEFAULT_CURRENCY", "USD"),
		ConsumerGroup:         env("CONSUMER_GROUP", "artistpay"),
	}
	var err error
	if cfg.RedisDB, err = envInt("REDIS_DB", 0); err != nil {
		return cfg, err
	}
	if cfg.PlatformFeeBps, err = envInt("PLATFORM_FEE_BPS", 1500); err != nil {
		return cfg, err
	}
	if cfg.WorkerConcurrency, err = envInt("WORKER_CONCURRENCY", 10); err != nil {
		return cfg, err
	}
	timeout, err := envInt("PROVIDER_TIMEOUT_SECONDS", 15)
	if err != nil {
		return cfg, err
	}
	cfg.ProviderTimeout = time.Duration(timeout) * time.Second
	return cfg, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return n, nil
}
