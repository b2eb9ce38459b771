// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each one reads the fields it needs.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	RedisAddr   string
	RedisDB     int

	EscrowPayURL    string
	EscrowPayKey    string
	PayoutsURL      string
	PayoutsKey      string
	PayoutsSecret   string
	MTURL           string
	MTKey           string
	ScannerURL      string
	ScannerKey      string
	ScannerSecret   string
	MailerURL       string
	MailerKey       string
	SMSURL          string
	SMSKey          string
	CourierURL      string
	CourierKey      string
	ObjectStoreURL  string
	ObjectStoreKey  string
	PublicFilesBase string

	PlatformFeeBps    int
	WorkerConcurrency int
	ProviderTimeout   time.Duration
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		RedisAddr:         env("REDIS_ADDR", "127.0.0.1:6379"),
		RedisDB:           envInt("REDIS_DB", 0),
		EscrowPayURL:      env("ESCROWPAY_URL", "https://api.escrowpay.example/v1"),
		EscrowPayKey:      os.Getenv("ESCROWPAY_KEY"),
		PayoutsURL:        env("PAYOUTS_URL", "https://api.remitbridge.example/v2"),
		PayoutsKey:        os.Getenv("PAYOUTS_KEY"),
		PayoutsSecret:     os.Getenv("PAYOUTS_WEBHOOK_SECRET"),
		MTURL:             env("MT_URL", "https://api.linguamt.example"),
		MTKey:             os.Getenv("MT_KEY"),
		ScannerURL:        env("SCANNER_URL", "https://api.scanguard.example/v1"),
		ScannerKey:        os.Getenv("SCANNER_KEY"),
		ScannerSecret:     os.Getenv("SCANNER_WEBHOOK_SECRET"),
		MailerURL:         env("MAILER_URL", "https://api.mailrelay.example/v3"),
		MailerKey:         os.Getenv("MAILER_KEY"),
		SMSURL:            env("SMS_URL", "https://api.textping.example"),
		SMSKey:            os.Getenv("SMS_KEY"),
		CourierURL:        env("COURIER_URL", "https://api.shipfast.example/v1"),
		CourierKey:        os.Getenv("COURIER_KEY"),
		ObjectStoreURL:    env("OBJECTSTORE_URL", "https://files.internal.example"),
		ObjectStoreKey:    os.Getenv("OBJECTSTORE_KEY"),
		PublicFilesBase:   env("PUBLIC_FILES_BASE", "https://files.polyglotdesk.example"),
		PlatformFeeBps:    envInt("PLATFORM_FEE_BPS", 1500),
		WorkerConcurrency: envInt("WORKER_CONCURRENCY", 10),
		ProviderTimeout:   envDuration("PROVIDER_TIMEOUT", 15*time.Second),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
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
