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
	NATSURL     string
	RedisAddr   string

	StreamName      string
	ConsumerDurable string

	PaymentsBaseURL  string
	PaymentsAPIKey   string
	PaymentsMerchant string
	PaymentsHMACKey  string
	PayoutsHMACKey   string

	SMSBaseURL   string
	SMSAPIKey    string
	SMSSender    string
	PushBaseURL  string
	PushAPIKey   string
	PushProject  string
	AdminToken   string
	Currency     string
	LowBalanceAt int64

	WorkerConcurrency int
	HTTPTimeout       time.Duration
	Location          *time.Location
}

func Load() (Config, error) {
	cfg := Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		NATSURL:           env("NATS_URL", "nats://127.0.0.1:4222"),
		RedisAddr:         env("REDIS_ADDR", "127.0.0.1:6379"),
		StreamName:        env("NATS_STREAM", "FESTIVAL"),
		ConsumerDurable:   env("NATS_DURABLE", "cashless-consumer"),
		PaymentsBaseURL:   env("PAYMENTS_BASE_URL", "https://checkout-test.paybridge.example/v71"),
		PaymentsAPIKey:    os.Getenv("PAYMENTS_API_KEY"),
		PaymentsMerchant:  env("PAYMENTS_MERCHANT_ACCOUNT", "LoopgateFestivalECOM"),
		PaymentsHMACKey:   os.Getenv("PAYMENTS_HMAC_KEY"),
		PayoutsHMACKey:    os.Getenv("PAYOUTS_HMAC_KEY"),
		SMSBaseURL:        env("SMS_BASE_URL", "https://api.textrelay.example"),
		SMSAPIKey:         os.Getenv("SMS_API_KEY"),
		SMSSender:         env("SMS_SENDER", "LOOPGATE"),
		PushBaseURL:       env("PUSH_BASE_URL", "https://push.beacon.example"),
		PushAPIKey:        os.Getenv("PUSH_API_KEY"),
		PushProject:       env("PUSH_PROJECT", "loopgate-festival"),
		AdminToken:        os.Getenv("ADMIN_TOKEN"),
		Currency:          env("CURRENCY", "EUR"),
		LowBalanceAt:      envInt("LOW_BALANCE_CENTS", 500),
		WorkerConcurrency: int(envInt("WORKER_CONCURRENCY", 10)),
		HTTPTimeout:       time.Duration(envInt("HTTP_TIMEOUT_SECONDS", 15)) * time.Second,
	}
	loc, err := time.LoadLocation(env("FESTIVAL_TZ", "Europe/Amsterdam"))
	if err != nil {
		return Config{}, fmt.Errorf("config: timezone: %w", err)
	}
	cfg.Location = loc
	if cfg.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return cfg, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func envInt(key string, def int64) int64 {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return def
	}
	return n
}
