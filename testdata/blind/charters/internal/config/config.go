// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	ServiceName      string
	GRPCAddr         string
	DatabaseURL      string
	DatabaseMaxConns int32

	GCPProject          string
	MarinaSubscription  string
	WeatherSubscription string
	OutboxTopic         string

	PaymentsBaseURL string
	PaymentsAPIKey  string
	MarinaBaseURL   string
	MarinaAPIKey    string
	SMSBaseURL      string
	SMSAPIKey       string
	SMSSender       string

	HoldTTL        time.Duration
	ProviderRetry  int
	RequestTimeout time.Duration
}

// Load reads the environment. Missing required values are reported
// together so a bad deploy fails with one readable message.
func Load() (Config, error) {
	var missing []string
	req := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			missing = append(missing, k)
		}
		return v
	}
	opt := func(k, def string) string {
		if v := os.Getenv(k); v != "" {
			return v
		}
		return def
	}

	cfg := Config{
		ServiceName:         opt("SERVICE_NAME", "charterhub"),
		GRPCAddr:            opt("GRPC_ADDR", ":8443"),
		DatabaseURL:         req("DATABASE_URL"),
		GCPProject:          req("GCP_PROJECT"),
		MarinaSubscription:  opt("MARINA_SUBSCRIPTION", "charterhub-marina-events"),
		WeatherSubscription: opt("WEATHER_SUBSCRIPTION", "charterhub-weather-alerts"),
		OutboxTopic:         opt("OUTBOX_TOPIC", "charterhub-booking-events"),
		PaymentsBaseURL:     req("PAYMENTS_BASE_URL"),
		PaymentsAPIKey:      req("PAYMENTS_API_KEY"),
		MarinaBaseURL:       req("MARINA_BASE_URL"),
		MarinaAPIKey:        req("MARINA_API_KEY"),
		SMSBaseURL:          req("SMS_BASE_URL"),
		SMSAPIKey:           req("SMS_API_KEY"),
		SMSSender:           opt("SMS_SENDER", "Saltline"),
	}

	maxConns, err := strconv.Atoi(opt("DATABASE_MAX_CONNS", "16"))
	if err != nil {
		return Config{}, fmt.Errorf("DATABASE_MAX_CONNS: %w", err)
	}
	cfg.DatabaseMaxConns = int32(maxConns)

	if cfg.HoldTTL, err = time.ParseDuration(opt("HOLD_TTL", "20m")); err != nil {
		return Config{}, fmt.Errorf("HOLD_TTL: %w", err)
	}
	if cfg.RequestTimeout, err = time.ParseDuration(opt("PROVIDER_TIMEOUT", "10s")); err != nil {
		return Config{}, fmt.Errorf("PROVIDER_TIMEOUT: %w", err)
	}
	if cfg.ProviderRetry, err = strconv.Atoi(opt("PROVIDER_RETRY_MAX", "3")); err != nil {
		return Config{}, fmt.Errorf("PROVIDER_RETRY_MAX: %w", err)
	}

	if len(missing) > 0 {
		return Config{}, fmt.Errorf("missing required environment: %v", missing)
	}
	return cfg, nil
}
