// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	DatabaseURL string
	HTTPAddr    string
	AWSRegion   string

	PayoutsQueueURL    string
	DispatchQueueURL   string
	ComplianceQueueURL string

	Workers           int
	VisibilityTimeout time.Duration

	VeridocURL      string
	VeridocAPIKey   string
	LedgerlineURL   string
	LedgerlineKey   string
	LedgerlineHook  string
	CashPointURL    string
	CashPointToken  string
	HaulNetURL      string
	HaulNetKey      string
	MillGateURL     string
	MillGateKey     string
	StatePortalURL  string
	StatePortalKey  string
	TextlineURL     string
	TextlineToken   string
	TextlineFrom    string
	OriginAccountID string
}

// Load reads the environment. Only DATABASE_URL is mandatory; each binary
// checks the provider settings it uses.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:        os.Getenv("DATABASE_URL"),
		HTTPAddr:           env("HTTP_ADDR", ":8080"),
		AWSRegion:          env("AWS_REGION", "us-east-2"),
		PayoutsQueueURL:    os.Getenv("PAYOUTS_QUEUE_URL"),
		DispatchQueueURL:   os.Getenv("DISPATCH_QUEUE_URL"),
		ComplianceQueueURL: os.Getenv("COMPLIANCE_QUEUE_URL"),
		VeridocURL:         env("VERIDOC_URL", "https://api.veridoc.io"),
		VeridocAPIKey:      os.Getenv("VERIDOC_API_KEY"),
		LedgerlineURL:      env("LEDGERLINE_URL", "https://api.ledgerline.com"),
		LedgerlineKey:      os.Getenv("LEDGERLINE_API_KEY"),
		LedgerlineHook:     os.Getenv("LEDGERLINE_WEBHOOK_SECRET"),
		CashPointURL:       os.Getenv("CASHPOINT_URL"),
		CashPointToken:     os.Getenv("CASHPOINT_TOKEN"),
		HaulNetURL:         env("HAULNET_URL", "https://api.haulnet.com"),
		HaulNetKey:         os.Getenv("HAULNET_API_KEY"),
		MillGateURL:        env("MILLGATE_URL", "https://gateway.millgate.net"),
		MillGateKey:        os.Getenv("MILLGATE_API_KEY"),
		StatePortalURL:     os.Getenv("STATE_PORTAL_URL"),
		StatePortalKey:     os.Getenv("STATE_PORTAL_KEY"),
		TextlineURL:        env("TEXTLINE_URL", "https://api.textline.io"),
		TextlineToken:      os.Getenv("TEXTLINE_TOKEN"),
		TextlineFrom:       os.Getenv("TEXTLINE_FROM"),
		OriginAccountID:    os.Getenv("LEDGERLINE_ORIGIN_ACCOUNT"),
	}
	var err error
	if c.Workers, err = envInt("WORKERS", 8); err != nil {
		return c, err
	}
	vis, err := envInt("VISIBILITY_TIMEOUT_SECONDS", 60)
	if err != nil {
		return c, err
	}
	c.VisibilityTimeout = time.Duration(vis) * time.Second
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
