// Package config reads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"time"
)

// Config is shared by all binaries; each uses the parts it needs.
type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	WorkerID     string
	WorkerBatch  int
	PollInterval time.Duration
	JobLease     time.Duration

	CourierURL    string
	CourierAPIKey string

	PaymentsURL    string
	PaymentsSecret string

	PayerGatewayURL    string
	PayerGatewayClient string
	PayerGatewaySecret string

	SMSURL      string
	SMSAccount  string
	SMSToken    string
	SMSSenderID string

	ClearinghouseURL    string
	ClearinghouseSubmit string
	ClearinghouseKey    string

	WebhookSecretCourier  string
	WebhookSecretPayments string
	WebhookSecretPayer    string

	StaffTokenIssuer string
	LabNPI           string
	LabTaxID         string
}

// FromEnv loads configuration with defaults suitable for local runs.
func FromEnv() Config {
	return Config{
		HTTPAddr:     env("HTTP_ADDR", ":8080"),
		DatabaseURL:  env("DATABASE_URL", "postgres://labs:labs@localhost:5432/labs?sslmode=disable"),
		WorkerID:     env("WORKER_ID", hostname()),
		WorkerBatch:  envInt("WORKER_BATCH", 10),
		PollInterval: envDuration("WORKER_POLL_INTERVAL", 2*time.Second),
		JobLease:     envDuration("WORKER_JOB_LEASE", 2*time.Minute),

		CourierURL:    env("COURIER_URL", "https://api.swiftmed-courier.example/v2"),
		CourierAPIKey: env("COURIER_API_KEY", ""),

		PaymentsURL:    env("PAYMENTS_URL", "https://api.paycore.example/v1"),
		PaymentsSecret: env("PAYMENTS_SECRET", ""),

		PayerGatewayURL:    env("PAYER_GATEWAY_URL", "https://gateway.payerlink.example"),
		PayerGatewayClient: env("PAYER_GATEWAY_CLIENT_ID", ""),
		PayerGatewaySecret: env("PAYER_GATEWAY_SECRET", ""),

		SMSURL:      env("SMS_URL", "https://api.relaytext.example"),
		SMSAccount:  env("SMS_ACCOUNT", ""),
		SMSToken:    env("SMS_TOKEN", ""),
		SMSSenderID: env("SMS_SENDER_ID", "MERIDIANLAB"),

		ClearinghouseURL:    env("CLEARINGHOUSE_URL", "https://edi.claimbridge.example"),
		ClearinghouseSubmit: env("CLEARINGHOUSE_SUBMITTER_ID", ""),
		ClearinghouseKey:    env("CLEARINGHOUSE_API_KEY", ""),

		WebhookSecretCourier:  env("WEBHOOK_SECRET_COURIER", ""),
		WebhookSecretPayments: env("WEBHOOK_SECRET_PAYMENTS", ""),
		WebhookSecretPayer:    env("WEBHOOK_SECRET_PAYER", ""),

		StaffTokenIssuer: env("STAFF_TOKEN_ISSUER", "meridian-sso"),
		LabNPI:           env("LAB_NPI", "1234567893"),
		LabTaxID:         env("LAB_TAX_ID", "00-0000000"),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, ok := os.LookupEnv(key); ok {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(key); ok {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

func hostname() string {
	h, err := os.Hostname()
	if err != nil {
		return "worker"
	}
	return h
}
