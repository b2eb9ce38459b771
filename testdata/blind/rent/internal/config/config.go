// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr    string
	DatabaseURL string
	DBMaxConns  int32

	KafkaBrokers     []string
	LeaseEventsTopic string
	LeaseEventsGroup string

	TransfersBaseURL    string
	TransfersAPIKey     string
	TransfersWebhookKey string
	RentClearingAccount string

	PayoutsBaseURL string
	PayoutsAPIKey  string

	MailBaseURL     string
	MailServerToken string
	MailFrom        string

	SMSBaseURL    string
	SMSAccountSID string
	SMSAuthToken  string
	SMSFrom       string

	VendorsBaseURL string
	VendorsAPIKey  string

	LateFeeHourLocal int
	Timezone         string
	ProviderTimeout  time.Duration
	WorkerCount      int
}

func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		DBMaxConns:          int32(envInt("DB_MAX_CONNS", 20)),
		KafkaBrokers:        splitList(env("KAFKA_BROKERS", "localhost:9092")),
		LeaseEventsTopic:    env("LEASE_EVENTS_TOPIC", "leasing.lease-events.v1"),
		LeaseEventsGroup:    env("LEASE_EVENTS_GROUP", "rentd-lease-events"),
		TransfersBaseURL:    env("TRANSFERS_BASE_URL", "https://api.transfers.example"),
		TransfersAPIKey:     os.Getenv("TRANSFERS_API_KEY"),
		TransfersWebhookKey: os.Getenv("TRANSFERS_WEBHOOK_SECRET"),
		RentClearingAccount: os.Getenv("RENT_CLEARING_FUNDING_SOURCE"),
		PayoutsBaseURL:      env("PAYOUTS_BASE_URL", "https://api.payouts.example"),
		PayoutsAPIKey:       os.Getenv("PAYOUTS_API_KEY"),
		MailBaseURL:         env("MAIL_BASE_URL", "https://api.mail.example"),
		MailServerToken:     os.Getenv("MAIL_SERVER_TOKEN"),
		MailFrom:            env("MAIL_FROM", "receipts@keystone-rent.example"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://api.sms.example"),
		SMSAccountSID:       os.Getenv("SMS_ACCOUNT_SID"),
		SMSAuthToken:        os.Getenv("SMS_AUTH_TOKEN"),
		SMSFrom:             os.Getenv("SMS_FROM"),
		VendorsBaseURL:      env("VENDORS_BASE_URL", "https://api.vendors.example"),
		VendorsAPIKey:       os.Getenv("VENDORS_API_KEY"),
		LateFeeHourLocal:    envInt("LATE_FEE_HOUR", 2),
		Timezone:            env("TZ_NAME", "America/Chicago"),
		ProviderTimeout:     envDuration("PROVIDER_TIMEOUT", 15*time.Second),
		WorkerCount:         envInt("WORKER_COUNT", 10),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func (c *Config) Location() *time.Location {
	loc, err := time.LoadLocation(c.Timezone)
	if err != nil {
		return time.UTC
	}
	return loc
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

func splitList(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}
