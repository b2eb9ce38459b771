// Package config reads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by all binaries; each reads the parts it needs.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	DBMaxConns  int

	TemporalHostPort  string
	TemporalNamespace string

	StripeSecretKey     string
	StripeWebhookSecret string

	ClearinghouseURL           string
	ClearinghouseToken         string
	ClearinghouseSubmitter     string
	ClearinghouseWebhookSecret string

	LabURL           string
	LabUser          string
	LabPassword      string
	LabWebhookSecret string

	SMSURL    string
	SMSAPIKey string

	PostalURL           string
	PostalAPIKey        string
	StatementTemplateID string

	ImagingURL string

	JobLease time.Duration
}

// Load reads the configuration and checks required values.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:                   env("HTTP_ADDR", ":8080"),
		DatabaseURL:                os.Getenv("DATABASE_URL"),
		DBMaxConns:                 envInt("DB_MAX_CONNS", 20),
		TemporalHostPort:           env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace:          env("TEMPORAL_NAMESPACE", "practiceops"),
		StripeSecretKey:            os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:        os.Getenv("STRIPE_WEBHOOK_SECRET"),
		ClearinghouseURL:           env("CLEARINGHOUSE_URL", "https://api.claimbridge.example.com"),
		ClearinghouseToken:         os.Getenv("CLEARINGHOUSE_TOKEN"),
		ClearinghouseSubmitter:     os.Getenv("CLEARINGHOUSE_SUBMITTER_ID"),
		ClearinghouseWebhookSecret: os.Getenv("CLEARINGHOUSE_WEBHOOK_SECRET"),
		LabURL:                     env("LAB_URL", "https://partners.keystonedentallab.example.com"),
		LabUser:                    os.Getenv("LAB_USER"),
		LabPassword:                os.Getenv("LAB_PASSWORD"),
		LabWebhookSecret:           os.Getenv("LAB_WEBHOOK_SECRET"),
		SMSURL:                     env("SMS_URL", "https://api.relaysms.example.com"),
		SMSAPIKey:                  os.Getenv("SMS_API_KEY"),
		PostalURL:                  env("POSTAL_URL", "https://api.inkwellmail.example.com"),
		PostalAPIKey:               os.Getenv("POSTAL_API_KEY"),
		StatementTemplateID:        env("STATEMENT_TEMPLATE_ID", "tmpl_patient_statement_v3"),
		ImagingURL:                 env("IMAGING_URL", "http://imaging.internal:8090"),
		JobLease:                   envDuration("JOB_LEASE", 2*time.Minute),
	}
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

func envInt(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return v
	}
	return def
}
