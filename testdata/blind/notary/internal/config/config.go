// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr, DatabaseURL, NATSURL, StreamName string
	TemporalHostPort, TemporalNamespace        string
	TokenKey, TokenIssuer, PublicURL           string

	KYC, Payments, Email, SMS, CertSign, Recorder ProviderConfig

	RecordingEscrowAccount string
	NotaryShareBasisPoints int
	RelayInterval          time.Duration
}

type ProviderConfig struct {
	BaseURL, APIKey, WebhookSecret string
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:               env("HTTP_ADDR", ":8080"),
		DatabaseURL:            os.Getenv("DATABASE_URL"),
		NATSURL:                env("NATS_URL", "nats://127.0.0.1:4222"),
		StreamName:             env("NATS_STREAM", "NOTARY"),
		TemporalHostPort:       env("TEMPORAL_HOSTPORT", "127.0.0.1:7233"),
		TemporalNamespace:      env("TEMPORAL_NAMESPACE", "notary"),
		TokenKey:               os.Getenv("TOKEN_KEY"),
		TokenIssuer:            env("TOKEN_ISSUER", "sealpoint-gateway"),
		PublicURL:              env("PUBLIC_URL", "https://api.sealpoint.example"),
		KYC:                    provider("KYC"),
		Payments:               provider("PAYMENTS"),
		Email:                  provider("EMAIL"),
		SMS:                    provider("SMS"),
		CertSign:               provider("CERTSIGN"),
		Recorder:               provider("RECORDER"),
		RecordingEscrowAccount: os.Getenv("RECORDING_ESCROW_ACCOUNT"),
		RelayInterval:          500 * time.Millisecond,
	}
	share, err := strconv.Atoi(env("NOTARY_SHARE_BPS", "7000"))
	if err != nil {
		return Config{}, fmt.Errorf("NOTARY_SHARE_BPS: %w", err)
	}
	c.NotaryShareBasisPoints = share
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func provider(prefix string) ProviderConfig {
	return ProviderConfig{
		BaseURL:       os.Getenv(prefix + "_BASE_URL"),
		APIKey:        os.Getenv(prefix + "_API_KEY"),
		WebhookSecret: os.Getenv(prefix + "_WEBHOOK_SECRET"),
	}
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
