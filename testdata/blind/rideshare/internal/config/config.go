// Package config reads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each reads what it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string

	NATSURL       string
	NATSStream    string
	DurablePrefix string
	TemporalHost  string
	TemporalNS    string

	AcquirerURL      string
	AcquirerAPIKey   string
	AcquirerMerchant string
	AcquirerHMACKey  string

	PayoutsURL    string
	PayoutsToken  string
	PayoutsPayer  string
	PayoutsSecret string

	PushURL       string
	PushServerKey string

	DisputesToken    string
	InternalAPIToken string

	CashoutFeeCents     int64
	CashoutMinimumCents int64
	MinimumPayoutCents  int64
	MaxAdjustmentCents  int64
	PushRetryAttempts   uint
	PushRetryDelay      time.Duration
}

// Load reads the environment.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:      os.Getenv("DATABASE_URL"),
		HTTPAddr:         getenv("HTTP_ADDR", ":8080"),
		NATSURL:          getenv("NATS_URL", "nats://127.0.0.1:4222"),
		NATSStream:       getenv("NATS_STREAM", "DISPATCH"),
		DurablePrefix:    getenv("NATS_DURABLE_PREFIX", "ridepay"),
		TemporalHost:     getenv("TEMPORAL_HOST", "127.0.0.1:7233"),
		TemporalNS:       getenv("TEMPORAL_NAMESPACE", "payments"),
		AcquirerURL:      os.Getenv("ACQUIRER_URL"),
		AcquirerAPIKey:   os.Getenv("ACQUIRER_API_KEY"),
		AcquirerMerchant: os.Getenv("ACQUIRER_MERCHANT_ACCOUNT"),
		AcquirerHMACKey:  os.Getenv("ACQUIRER_HMAC_KEY"),
		PayoutsURL:       os.Getenv("PAYOUTS_URL"),
		PayoutsToken:     os.Getenv("PAYOUTS_TOKEN"),
		PayoutsPayer:     getenv("PAYOUTS_PAYER", "Wayfare Mobility"),
		PayoutsSecret:    os.Getenv("PAYOUTS_WEBHOOK_SECRET"),
		PushURL:          os.Getenv("PUSH_URL"),
		PushServerKey:    os.Getenv("PUSH_SERVER_KEY"),
		DisputesToken:    os.Getenv("DISPUTES_WEBHOOK_TOKEN"),
		InternalAPIToken: os.Getenv("INTERNAL_API_TOKEN"),
	}
	var err error
	if c.CashoutFeeCents, err = getInt("CASHOUT_FEE_CENTS", 85); err != nil {
		return c, err
	}
	if c.CashoutMinimumCents, err = getInt("CASHOUT_MINIMUM_CENTS", 500); err != nil {
		return c, err
	}
	if c.MinimumPayoutCents, err = getInt("MINIMUM_PAYOUT_CENTS", 100); err != nil {
		return c, err
	}
	if c.MaxAdjustmentCents, err = getInt("MAX_ADJUSTMENT_CENTS", 50000); err != nil {
		return c, err
	}
	attempts, err := getInt("PUSH_RETRY_ATTEMPTS", 4)
	if err != nil {
		return c, err
	}
	c.PushRetryAttempts = uint(attempts)
	if c.PushRetryDelay, err = time.ParseDuration(getenv("PUSH_RETRY_DELAY", "250ms")); err != nil {
		return c, fmt.Errorf("PUSH_RETRY_DELAY: %w", err)
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func getenv(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func getInt(k string, def int64) (int64, error) {
	v := os.Getenv(k)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", k, err)
	}
	return n, nil
}
