// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each reads the parts it needs.
type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	RedisAddr    string
	APIToken     string
	ConsumerName string

	NSFFeeCents int64
	DepositHold time.Duration

	Paylane    Provider
	TradeLink  Provider
	Sendwell   Provider
	Textbridge Provider
}

// Provider holds connection settings for one external HTTP provider.
type Provider struct {
	BaseURL       string
	APIKey        string
	WebhookSecret string
	Sender        string
	Timeout       time.Duration
}

// Load reads the environment. DATABASE_URL is required.
func Load() (Config, error) {
	cfg := Config{
		HTTPAddr:     env("HTTP_ADDR", ":8080"),
		DatabaseURL:  os.Getenv("DATABASE_URL"),
		RedisAddr:    env("REDIS_ADDR", "127.0.0.1:6379"),
		APIToken:     os.Getenv("API_TOKEN"),
		ConsumerName: env("CONSUMER_GROUP", "hoaops"),
		NSFFeeCents:  envInt("NSF_FEE_CENTS", 3500),
		DepositHold:  envDuration("DEPOSIT_HOLD", 72*time.Hour),
		Paylane: Provider{
			BaseURL:       env("PAYLANE_BASE_URL", "https://api.paylane.example/v1"),
			APIKey:        os.Getenv("PAYLANE_API_KEY"),
			WebhookSecret: os.Getenv("PAYLANE_WEBHOOK_SECRET"),
			Timeout:       envDuration("PAYLANE_TIMEOUT", 15*time.Second),
		},
		TradeLink: Provider{
			BaseURL:       env("TRADELINK_BASE_URL", "https://partners.tradelink.example/api/v2"),
			APIKey:        os.Getenv("TRADELINK_API_KEY"),
			WebhookSecret: os.Getenv("TRADELINK_WEBHOOK_SECRET"),
			Timeout:       envDuration("TRADELINK_TIMEOUT", 20*time.Second),
		},
		Sendwell: Provider{
			BaseURL: env("SENDWELL_BASE_URL", "https://api.sendwell.example"),
			APIKey:  os.Getenv("SENDWELL_API_KEY"),
			Sender:  env("SENDWELL_FROM", "Community Office <office@notices.larchway.example>"),
			Timeout: envDuration("SENDWELL_TIMEOUT", 10*time.Second),
		},
		Textbridge: Provider{
			BaseURL: env("TEXTBRIDGE_BASE_URL", "https://api.textbridge.example/2024-01"),
			APIKey:  os.Getenv("TEXTBRIDGE_API_KEY"),
			Sender:  env("TEXTBRIDGE_FROM", "+15125550100"),
			Timeout: envDuration("TEXTBRIDGE_TIMEOUT", 10*time.Second),
		},
	}
	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int64) int64 {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v := os.Getenv(key); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}
