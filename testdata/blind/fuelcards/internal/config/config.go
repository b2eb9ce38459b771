// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each uses the parts it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string
	LogLevel    slog.Level

	NetworkBaseURL       string
	NetworkAPIKey        string
	NetworkWebhookSecret string

	SMSBaseURL      string
	SMSAPIKey       string
	SMSSenderID     string
	SMSCallbackURL  string
	SMSCallbackAuth string

	BankBaseURL      string
	BankClientID     string
	BankClientSecret string
	BankFundingRef   string

	FileDropBaseURL string
	FileDropToken   string

	WorkerConcurrency int
	SettlementBatch   int
	ProgramTimezone   *time.Location
}

// Load reads the configuration from environment variables.
func Load() (Config, error) {
	cfg := Config{
		DatabaseURL:          os.Getenv("DATABASE_URL"),
		HTTPAddr:             envOr("HTTP_ADDR", ":8080"),
		NetworkBaseURL:       os.Getenv("NETWORK_BASE_URL"),
		NetworkAPIKey:        os.Getenv("NETWORK_API_KEY"),
		NetworkWebhookSecret: os.Getenv("NETWORK_WEBHOOK_SECRET"),
		SMSBaseURL:           os.Getenv("SMS_BASE_URL"),
		SMSAPIKey:            os.Getenv("SMS_API_KEY"),
		SMSSenderID:          envOr("SMS_SENDER_ID", "FUELCARD"),
		SMSCallbackURL:       os.Getenv("SMS_CALLBACK_URL"),
		SMSCallbackAuth:      os.Getenv("SMS_CALLBACK_TOKEN"),
		BankBaseURL:          os.Getenv("BANK_BASE_URL"),
		BankClientID:         os.Getenv("BANK_CLIENT_ID"),
		BankClientSecret:     os.Getenv("BANK_CLIENT_SECRET"),
		BankFundingRef:       os.Getenv("BANK_FUNDING_ACCOUNT"),
		FileDropBaseURL:      os.Getenv("FILEDROP_BASE_URL"),
		FileDropToken:        os.Getenv("FILEDROP_TOKEN"),
	}
	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("DATABASE_URL is required")
	}

	var err error
	if cfg.WorkerConcurrency, err = envInt("WORKER_CONCURRENCY", 20); err != nil {
		return Config{}, err
	}
	if cfg.SettlementBatch, err = envInt("SETTLEMENT_BATCH_SIZE", 500); err != nil {
		return Config{}, err
	}
	if err := cfg.LogLevel.UnmarshalText([]byte(envOr("LOG_LEVEL", "info"))); err != nil {
		return Config{}, fmt.Errorf("LOG_LEVEL: %w", err)
	}
	tz, err := time.LoadLocation(envOr("PROGRAM_TZ", "America/Chicago"))
	if err != nil {
		return Config{}, fmt.Errorf("PROGRAM_TZ: %w", err)
	}
	cfg.ProgramTimezone = tz
	return cfg, nil
}

// NewLogger builds the process logger.
func NewLogger(cfg Config) *slog.Logger {
	h := slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: cfg.LogLevel})
	return slog.New(h)
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
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
		return 0, fmt.Errorf("%s: %w", key, err)
	}
	return n, nil
}
