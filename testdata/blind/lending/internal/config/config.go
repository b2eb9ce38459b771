// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr  string
	AdminAddr string
	Env       string

	DatabaseURL string

	KafkaBrokers  []string
	KafkaGroupID  string
	KafkaClientID string

	BureauURL       string
	BureauAPIKey    string
	BureauSecret    string
	BureauCallback  string
	BureauAttempts  uint
	PayoutURL       string
	PayoutToken     string
	PayoutSecret    string
	StripeKey       string
	StripeSecret    string
	MerchantSecrets map[string]string

	TimeZone       string
	LateFeeCents   int64
	GraceDays      int
	MinScore       int
	LimitScore     int
	DefaultAprBps  int32
	ShutdownTimout time.Duration
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:       env("HTTP_ADDR", ":8080"),
		AdminAddr:      env("ADMIN_ADDR", ":8081"),
		Env:            env("APP_ENV", "development"),
		DatabaseURL:    os.Getenv("DATABASE_URL"),
		KafkaBrokers:   strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:   env("KAFKA_GROUP_ID", "lending-worker"),
		KafkaClientID:  env("KAFKA_CLIENT_ID", "lending"),
		BureauURL:      env("BUREAU_URL", "https://api.bureau.example/v2"),
		BureauAPIKey:   os.Getenv("BUREAU_API_KEY"),
		BureauSecret:   os.Getenv("BUREAU_WEBHOOK_SECRET"),
		BureauCallback: env("BUREAU_CALLBACK_URL", "https://lending.example/webhooks/bureau/decisions"),
		PayoutURL:      env("PAYOUT_URL", "https://api.payouts.example"),
		PayoutToken:    os.Getenv("PAYOUT_TOKEN"),
		PayoutSecret:   os.Getenv("PAYOUT_WEBHOOK_SECRET"),
		StripeKey:      os.Getenv("STRIPE_SECRET_KEY"),
		StripeSecret:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
		TimeZone:       env("TIME_ZONE", "Europe/London"),
		ShutdownTimout: 20 * time.Second,
	}
	var err error
	if c.BureauAttempts, err = uintEnv("BUREAU_ATTEMPTS", 3); err != nil {
		return c, err
	}
	if c.LateFeeCents, err = int64Env("LATE_FEE_CENTS", 1200); err != nil {
		return c, err
	}
	grace, err := int64Env("GRACE_DAYS", 3)
	if err != nil {
		return c, err
	}
	c.GraceDays = int(grace)
	minScore, err := int64Env("MIN_SCORE", 560)
	if err != nil {
		return c, err
	}
	c.MinScore = int(minScore)
	limitScore, err := int64Env("LIMIT_REVIEW_SCORE", 640)
	if err != nil {
		return c, err
	}
	c.LimitScore = int(limitScore)
	apr, err := int64Env("DEFAULT_APR_BPS", 0)
	if err != nil {
		return c, err
	}
	c.DefaultAprBps = int32(apr)
	c.MerchantSecrets = parsePairs(os.Getenv("MERCHANT_WEBHOOK_SECRETS"))
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func int64Env(k string, def int64) (int64, error) {
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

func uintEnv(k string, def uint) (uint, error) {
	n, err := int64Env(k, int64(def))
	if err != nil || n < 0 {
		return def, err
	}
	return uint(n), nil
}

// parsePairs parses "a=x,b=y".
func parsePairs(s string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && k != "" {
			out[k] = v
		}
	}
	return out
}
