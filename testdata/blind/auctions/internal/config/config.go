// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by every binary; each main reads the fields it needs.
type Config struct {
	HTTPAddr          string
	DatabaseURL       string
	DBMaxConns        int32
	NATSURL           string
	TemporalHostPort  string
	TemporalNamespace string
	TaskQueue         string
	StripeSecretKey   string
	StripeWebhookKey  string
	CarrierBaseURL    string
	CarrierAPIKey     string
	CarrierWebhookKey string
	NotifyBaseURL     string
	NotifyAPIKey      string
	InsurerBaseURL    string
	InsurerAPIKey     string
	BuyerPremiumBPS   int64
	SellerFeeBPS      int64
	InsureAboveCents  int64
	ShutdownGrace     time.Duration
}

// Load reads the environment, applying defaults for local development.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		DatabaseURL:       env("DATABASE_URL", "postgres://auctions:auctions@localhost:5432/auctions?sslmode=disable"),
		NATSURL:           env("NATS_URL", "nats://localhost:4222"),
		TemporalHostPort:  env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace: env("TEMPORAL_NAMESPACE", "default"),
		TaskQueue:         env("TEMPORAL_TASK_QUEUE", "auctions"),
		StripeSecretKey:   os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookKey:  os.Getenv("STRIPE_WEBHOOK_SECRET"),
		CarrierBaseURL:    env("CARRIER_BASE_URL", "https://api.parcelpoint.example"),
		CarrierAPIKey:     os.Getenv("CARRIER_API_KEY"),
		CarrierWebhookKey: os.Getenv("CARRIER_WEBHOOK_SECRET"),
		NotifyBaseURL:     env("NOTIFY_BASE_URL", "https://api.relaymsg.example"),
		NotifyAPIKey:      os.Getenv("NOTIFY_API_KEY"),
		InsurerBaseURL:    env("INSURER_BASE_URL", "https://partners.shipsure.example"),
		InsurerAPIKey:     os.Getenv("INSURER_API_KEY"),
		ShutdownGrace:     15 * time.Second,
	}
	var err error
	if c.DBMaxConns, err = envInt32("DB_MAX_CONNS", 20); err != nil {
		return Config{}, err
	}
	if c.BuyerPremiumBPS, err = envInt64("BUYER_PREMIUM_BPS", 1500); err != nil {
		return Config{}, err
	}
	if c.SellerFeeBPS, err = envInt64("SELLER_FEE_BPS", 1000); err != nil {
		return Config{}, err
	}
	if c.InsureAboveCents, err = envInt64("INSURE_ABOVE_CENTS", 50000); err != nil {
		return Config{}, err
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt64(k string, def int64) (int64, error) {
	v := os.Getenv(k)
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", k, err)
	}
	return n, nil
}

func envInt32(k string, def int32) (int32, error) {
	n, err := envInt64(k, int64(def))
	return int32(n), err
}
