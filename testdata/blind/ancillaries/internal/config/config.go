// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads the parts it needs.
type Config struct {
	HTTPAddr        string
	MetricsAddr     string
	DatabaseURL     string
	KafkaBrokers    []string
	KafkaGroupID    string
	KafkaDLQTopic   string
	StripeKey       string
	StripeWebhook   string
	GDSBaseURL      string
	GDSAgencyID     string
	GDSAPIKey       string
	LoyaltyBaseURL  string
	LoyaltyPartner  string
	LoyaltyAPIKey   string
	SMSBaseURL      string
	SMSAPIKey       string
	SMSSender       string
	EmailBaseURL    string
	EmailAPIKey     string
	EmailFrom       string
	SweepInterval   time.Duration
	PaymentTimeout  time.Duration
	RouterGroup     string
	ShutdownTimeout time.Duration
}

// Load reads the configuration from the environment.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		MetricsAddr:     env("METRICS_ADDR", ":9090"),
		DatabaseURL:     os.Getenv("DATABASE_URL"),
		KafkaBrokers:    split(env("KAFKA_BROKERS", "localhost:9092")),
		KafkaGroupID:    env("KAFKA_GROUP_ID", "ancillaries"),
		KafkaDLQTopic:   env("KAFKA_DLQ_TOPIC", "ancillaries.dlq"),
		StripeKey:       os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhook:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
		GDSBaseURL:      env("GDS_BASE_URL", "https://gds-partner.example.net"),
		GDSAgencyID:     os.Getenv("GDS_AGENCY_ID"),
		GDSAPIKey:       os.Getenv("GDS_API_KEY"),
		LoyaltyBaseURL:  env("LOYALTY_BASE_URL", "https://partner.miles.example.com"),
		LoyaltyPartner:  env("LOYALTY_PARTNER_CODE", "SKW"),
		LoyaltyAPIKey:   os.Getenv("LOYALTY_API_KEY"),
		SMSBaseURL:      env("SMS_BASE_URL", "https://sms.example.io"),
		SMSAPIKey:       os.Getenv("SMS_API_KEY"),
		SMSSender:       env("SMS_SENDER", "SKYWAY"),
		EmailBaseURL:    env("EMAIL_BASE_URL", "https://mail.example.io"),
		EmailAPIKey:     os.Getenv("EMAIL_API_KEY"),
		EmailFrom:       env("EMAIL_FROM", "no-reply@skyway.example"),
		RouterGroup:     env("ROUTER_CONSUMER_GROUP", "ancillaries-router"),
		SweepInterval:   duration("SWEEP_INTERVAL", time.Minute),
		PaymentTimeout:  duration("PAYMENT_TIMEOUT", 30*time.Minute),
		ShutdownTimeout: duration("SHUTDOWN_TIMEOUT", 20*time.Second),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func split(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func duration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	return def
}
