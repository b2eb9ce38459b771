// Package config reads settings from the environment. Every binary loads the
// same struct and uses the parts it needs.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	DatabaseURL     string
	HTTPAddr        string
	MaxOpenConns    int
	ShutdownTimeout time.Duration

	StripeSecretKey     string
	StripeWebhookSecret string

	TextlineBaseURL       string
	TextlineAPIKey        string
	TextlineSender        string
	TextlineWebhookSecret string

	AuctionHubBaseURL       string
	AuctionHubAPIKey        string
	AuctionHubConsignorID   string
	AuctionHubWebhookSecret string

	LeadsNetBaseURL  string
	LeadsNetUser     string
	LeadsNetPassword string

	PostboxBaseURL string
	PostboxToken   string
	PostboxFrom    string

	ReminderDays []int
	Timezone     string
}

// Load reads the environment; missing required values are reported together.
func Load() (Config, error) {
	var missing []string
	req := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			missing = append(missing, k)
		}
		return v
	}
	c := Config{
		DatabaseURL:     req("DATABASE_URL"),
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		MaxOpenConns:    envInt("DB_MAX_OPEN_CONNS", 20),
		ShutdownTimeout: envDuration("SHUTDOWN_TIMEOUT", 20*time.Second),

		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),

		TextlineBaseURL:       env("TEXTLINE_BASE_URL", "https://api.textline.example"),
		TextlineAPIKey:        os.Getenv("TEXTLINE_API_KEY"),
		TextlineSender:        os.Getenv("TEXTLINE_SENDER"),
		TextlineWebhookSecret: os.Getenv("TEXTLINE_WEBHOOK_SECRET"),

		AuctionHubBaseURL:       env("AUCTIONHUB_BASE_URL", "https://partners.auctionhub.example"),
		AuctionHubAPIKey:        os.Getenv("AUCTIONHUB_API_KEY"),
		AuctionHubConsignorID:   os.Getenv("AUCTIONHUB_CONSIGNOR_ID"),
		AuctionHubWebhookSecret: os.Getenv("AUCTIONHUB_WEBHOOK_SECRET"),

		LeadsNetBaseURL:  env("LEADSNET_BASE_URL", "https://leadsnet.example.gov"),
		LeadsNetUser:     os.Getenv("LEADSNET_USER"),
		LeadsNetPassword: os.Getenv("LEADSNET_PASSWORD"),

		PostboxBaseURL: env("POSTBOX_BASE_URL", "https://api.postbox.example"),
		PostboxToken:   os.Getenv("POSTBOX_TOKEN"),
		PostboxFrom:    env("POSTBOX_FROM", "receipts@ironvaultpawn.example"),

		ReminderDays: envInts("REMINDER_DAYS", []int{7, 2}),
		Timezone:     env("BUSINESS_TIMEZONE", "America/Chicago"),
	}
	if len(missing) > 0 {
		return c, fmt.Errorf("missing required environment: %s", strings.Join(missing, ", "))
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
	if n, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return n
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(k)); err == nil {
		return d
	}
	return def
}

func envInts(k string, def []int) []int {
	raw := os.Getenv(k)
	if raw == "" {
		return def
	}
	var out []int
	for _, part := range strings.Split(raw, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return def
		}
		out = append(out, n)
	}
	return out
}
