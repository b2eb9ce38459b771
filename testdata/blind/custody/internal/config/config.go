// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"go.uber.org/fx"
)

type Provider struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

type Config struct {
	Env              string
	HTTPAddr         string
	DatabaseURL      string
	DatabaseMaxConns int32
	NATSURL          string
	StreamName       string

	Broadcast  Provider
	Fiat       Provider
	Screening  Provider
	TravelRule Provider
	Mailer     Provider

	FiatWebhookSecret string
	HotVault          string
	GasTankVault      string
	OurVASP           string
	DefaultApprovals  int
	WorkerConcurrency int
}

func Load() (Config, error) {
	c := Config{
		Env:               get("APP_ENV", "development"),
		HTTPAddr:          get("HTTP_ADDR", ":8080"),
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		DatabaseMaxConns:  int32(getInt("DATABASE_MAX_CONNS", 20)),
		NATSURL:           get("NATS_URL", "nats://127.0.0.1:4222"),
		StreamName:        get("NATS_STREAM", "CUSTODY"),
		Broadcast:         provider("BROADCAST"),
		Fiat:              provider("FIAT"),
		Screening:         provider("SCREENING"),
		TravelRule:        provider("TRAVEL_RULE"),
		Mailer:            provider("MAILER"),
		FiatWebhookSecret: os.Getenv("FIAT_WEBHOOK_SECRET"),
		HotVault:          get("HOT_VAULT", "hot-0"),
		GasTankVault:      get("GAS_TANK_VAULT", "gas-0"),
		OurVASP:           get("OUR_VASP_DID", "did:web:northvault.example"),
		DefaultApprovals:  getInt("DEFAULT_APPROVALS", 2),
		WorkerConcurrency: getInt("WORKER_CONCURRENCY", 10),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func provider(prefix string) Provider {
	return Provider{
		BaseURL: os.Getenv(prefix + "_BASE_URL"),
		APIKey:  os.Getenv(prefix + "_API_KEY"),
		Timeout: time.Duration(getInt(prefix+"_TIMEOUT_MS", 10000)) * time.Millisecond,
	}
}

func get(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func getInt(key string, def int) int {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

var Module = fx.Module("config", fx.Provide(Load))
