// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by all binaries; each uses the parts it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string
	MetricsAddr string
	LogLevel    string

	CardPayURL           string
	CardPayKey           string
	CardPayWebhookSecret string

	PrintShopURL            string
	PrintShopToken          string
	PrintShopCallbackSecret string

	HotelURL string
	HotelKey string

	MailerURL  string
	MailerKey  string
	MailerFrom string

	HoldTTL         time.Duration
	ProviderTimeout time.Duration
	AckDeadline     time.Duration
}

// Load reads the environment.
func Load() (Config, error) {
	c := Config{
		DatabaseURL: os.Getenv("DATABASE_URL"),
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		MetricsAddr: env("METRICS_ADDR", ":9090"),
		LogLevel:    env("LOG_LEVEL", "info"),

		CardPayURL:           env("CARDPAY_URL", "https://api.cardpay.example"),
		CardPayKey:           os.Getenv("CARDPAY_API_KEY"),
		CardPayWebhookSecret: os.Getenv("CARDPAY_WEBHOOK_SECRET"),

		PrintShopURL:            env("PRINTSHOP_URL", "https://jobs.inkwellprint.example"),
		PrintShopToken:          os.Getenv("PRINTSHOP_TOKEN"),
		PrintShopCallbackSecret: os.Getenv("PRINTSHOP_CALLBACK_SECRET"),

		HotelURL: env("HOTEL_URL", "https://groups.meridianhotels.example"),
		HotelKey: os.Getenv("HOTEL_API_KEY"),

		MailerURL:  env("MAILER_URL", "https://api.postbird.example"),
		MailerKey:  os.Getenv("MAILER_API_KEY"),
		MailerFrom: env("MAILER_FROM", "Halcyon Events <tickets@halcyonevents.example>"),
	}
	var err error
	if c.HoldTTL, err = duration("TICKET_HOLD_TTL", 30*time.Minute); err != nil {
		return c, err
	}
	if c.ProviderTimeout, err = duration("PROVIDER_TIMEOUT", 15*time.Second); err != nil {
		return c, err
	}
	if c.AckDeadline, err = duration("ACK_DEADLINE", 2*time.Minute); err != nil {
		return c, err
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func duration(key string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return time.Duration(secs) * time.Second, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", key, err)
	}
	return d, nil
}
