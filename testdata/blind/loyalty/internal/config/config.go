// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr            string
	DatabaseURL         string
	NATSURL             string
	PurchaseStream      string
	PartnerCallbackURL  string
	AWSRegion           string
	TemporalHostPort    string
	TemporalNamespace   string
	TemporalTaskQueue   string
	GiftCardBaseURL     string
	GiftCardAPIKey      string
	PartnerBaseURL      string
	PartnerAPIKey       string
	StripeSecretKey     string
	StripeWebhookSecret string
	MailFrom            string
	ReferralBonusPoints int64
	ExpiryMonths        int
	HTTPClientTimeout   time.Duration
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		NATSURL:             env("NATS_URL", "nats://127.0.0.1:4222"),
		PurchaseStream:      env("PURCHASE_STREAM", "PURCHASES"),
		PartnerCallbackURL:  os.Getenv("PARTNER_CALLBACK_QUEUE_URL"),
		AWSRegion:           env("AWS_REGION", "eu-west-1"),
		TemporalHostPort:    env("TEMPORAL_HOSTPORT", "127.0.0.1:7233"),
		TemporalNamespace:   env("TEMPORAL_NAMESPACE", "loyalty"),
		TemporalTaskQueue:   env("TEMPORAL_TASK_QUEUE", "loyalty-main"),
		GiftCardBaseURL:     os.Getenv("GIFTCARD_BASE_URL"),
		GiftCardAPIKey:      os.Getenv("GIFTCARD_API_KEY"),
		PartnerBaseURL:      os.Getenv("PARTNER_BASE_URL"),
		PartnerAPIKey:       os.Getenv("PARTNER_API_KEY"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		MailFrom:            env("MAIL_FROM", "statements@tidewater.example"),
		ReferralBonusPoints: int64(envInt("REFERRAL_BONUS_POINTS", 1000)),
		ExpiryMonths:        envInt("POINTS_EXPIRY_MONTHS", 24),
		HTTPClientTimeout:   10 * time.Second,
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}
