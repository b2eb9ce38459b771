// Package config loads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"time"
)

type Config struct {
	Env         string
	HTTPAddr    string
	DatabaseDSN string

	Bank        ProviderConfig
	OpenBanking ProviderConfig
	Bureau      ProviderConfig
	Postal      ProviderConfig
	Mailer      ProviderConfig

	BankWebhookSecret        string
	OpenBankingWebhookSecret string
	CollectionAccountID      string
	PlatformIBAN             string

	WorkerID           string
	WorkerConcurrency  int
	WorkerPollInterval time.Duration
	RelayPollInterval  time.Duration
	SchedulerTimezone  string
}

type ProviderConfig struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

func Load() Config {
	return Config{
		Env:         env("APP_ENV", "development"),
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		DatabaseDSN: env("DATABASE_URL", "postgres://factoring:factoring@localhost:5432/factoring?sslmode=disable"),

		Bank:        provider("BANK", "https://api.baas.example.com"),
		OpenBanking: provider("OPENBANKING", "https://pis.obprovider.example.com"),
		Bureau:      provider("BUREAU", "https://api.creditbureau.example.com"),
		Postal:      provider("POSTAL", "https://api.postroom.example.com"),
		Mailer:      provider("MAILER", "https://api.mailer.example.com"),

		BankWebhookSecret:        env("BANK_WEBHOOK_SECRET", ""),
		OpenBankingWebhookSecret: env("OPENBANKING_WEBHOOK_SECRET", ""),
		CollectionAccountID:      env("COLLECTION_ACCOUNT_ID", ""),
		PlatformIBAN:             env("PLATFORM_IBAN", ""),

		WorkerID:           env("WORKER_ID", hostname()),
		WorkerConcurrency:  envInt("WORKER_CONCURRENCY", 4),
		WorkerPollInterval: envDuration("WORKER_POLL_INTERVAL", 2*time.Second),
		RelayPollInterval:  envDuration("RELAY_POLL_INTERVAL", time.Second),
		SchedulerTimezone:  env("SCHEDULER_TZ", "Europe/London"),
	}
}

func provider(prefix, defaultURL string) ProviderConfig {
	return ProviderConfig{
		BaseURL: env(prefix+"_BASE_URL", defaultURL),
		APIKey:  env(prefix+"_API_KEY", ""),
		Timeout: envDuration(prefix+"_TIMEOUT", 15*time.Second),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return v
	}
	return def
}

func hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return "worker"
	}
	return h
}
