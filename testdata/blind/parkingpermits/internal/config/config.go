// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary in the module. Each binary only reads the
// fields it needs; unset optional values fall back to the defaults below.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	DBMaxOpenConns  int
	TemporalHost    string
	TemporalNS      string
	TemporalQueue   string
	NATSURL         string
	KioskStream     string
	PaygateURL      string
	PaygateKey      string
	PaygateSecret   string
	MailhouseURL    string
	MailhouseKey    string
	MailhouseSecret string
	FinanceURL      string
	FinanceKey      string
	FinanceFund     string
	NotifyURL       string
	NotifyKey       string
	AssessorURL     string
	HTTPTimeout     time.Duration
	RenewalLeadDays int
}

// Load reads the environment. Required values missing from the environment are
// reported together so a bad deploy fails with one readable message.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:        env("HTTP_ADDR", ":8080"),
		DatabaseURL:     os.Getenv("DATABASE_URL"),
		DBMaxOpenConns:  envInt("DB_MAX_OPEN_CONNS", 20),
		TemporalHost:    env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNS:      env("TEMPORAL_NAMESPACE", "permits"),
		TemporalQueue:   env("TEMPORAL_TASK_QUEUE", "permit-review"),
		NATSURL:         env("NATS_URL", "nats://localhost:4222"),
		KioskStream:     env("KIOSK_STREAM", "KIOSK"),
		PaygateURL:      os.Getenv("PAYGATE_URL"),
		PaygateKey:      os.Getenv("PAYGATE_API_KEY"),
		PaygateSecret:   os.Getenv("PAYGATE_WEBHOOK_SECRET"),
		MailhouseURL:    os.Getenv("MAILHOUSE_URL"),
		MailhouseKey:    os.Getenv("MAILHOUSE_API_KEY"),
		MailhouseSecret: os.Getenv("MAILHOUSE_CALLBACK_SECRET"),
		FinanceURL:      os.Getenv("FINANCE_URL"),
		FinanceKey:      os.Getenv("FINANCE_API_KEY"),
		FinanceFund:     env("FINANCE_FUND", "2410-PARKING"),
		NotifyURL:       os.Getenv("NOTIFY_URL"),
		NotifyKey:       os.Getenv("NOTIFY_API_KEY"),
		AssessorURL:     os.Getenv("ASSESSOR_URL"),
		HTTPTimeout:     envDuration("PROVIDER_HTTP_TIMEOUT", 15*time.Second),
		RenewalLeadDays: envInt("RENEWAL_LEAD_DAYS", 45),
	}
	var missing []string
	for name, v := range map[string]string{
		"DATABASE_URL":  c.DatabaseURL,
		"PAYGATE_URL":   c.PaygateURL,
		"MAILHOUSE_URL": c.MailhouseURL,
		"FINANCE_URL":   c.FinanceURL,
		"NOTIFY_URL":    c.NotifyURL,
	} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("config: missing %v", missing)
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v := os.Getenv(key); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
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
