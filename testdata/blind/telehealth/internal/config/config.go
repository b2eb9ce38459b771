// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads the fields it needs.
type Config struct {
	DatabaseURL string

	GRPCAddr  string
	AdminAddr string
	HooksAddr string

	AdminToken string

	KafkaBrokers    []string
	SessionTopic    string
	SessionDLQTopic string
	SessionGroupID  string

	StripeSecretKey     string
	StripeWebhookSecret string

	PharmacyBaseURL   string
	PharmacyAPIKey    string
	PharmacyHookKey   string
	PharmacyAccountID string

	ClearinghouseURL    string
	ClearinghouseAPIKey string
	ClearinghouseNPI    string

	SMSBaseURL    string
	SMSAccountSID string
	SMSAuthToken  string
	SMSFrom       string

	EmailBaseURL string
	EmailAPIKey  string
	EmailFrom    string

	VideoBaseURL       string
	VideoAPIKey        string
	VideoWebhookSecret string

	PublicBaseURL string

	WorkerConcurrency int
	WorkerPoll        time.Duration
	SweepInterval     time.Duration
	NoShowGrace       time.Duration
}

// Load reads configuration from the environment. Missing required values are
// reported together.
func Load() (Config, error) {
	var missing []string
	req := func(k string) string {
		v := os.Getenv(k)
		if v == "" {
			missing = append(missing, k)
		}
		return v
	}
	c := Config{
		DatabaseURL:         req("DATABASE_URL"),
		GRPCAddr:            env("GRPC_ADDR", ":9090"),
		AdminAddr:           env("ADMIN_ADDR", ":8081"),
		HooksAddr:           env("HOOKS_ADDR", ":8082"),
		AdminToken:          os.Getenv("ADMIN_TOKEN"),
		KafkaBrokers:        splitList(env("KAFKA_BROKERS", "localhost:9092")),
		SessionTopic:        env("SESSION_TOPIC", "telehealth.video.sessions"),
		SessionDLQTopic:     env("SESSION_DLQ_TOPIC", "telehealth.video.sessions.dlq"),
		SessionGroupID:      env("SESSION_GROUP_ID", "session-consumer"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		PharmacyBaseURL:     env("PHARMACY_BASE_URL", "https://api.rxrelay.example/v2"),
		PharmacyAPIKey:      os.Getenv("PHARMACY_API_KEY"),
		PharmacyHookKey:     os.Getenv("PHARMACY_WEBHOOK_KEY"),
		PharmacyAccountID:   os.Getenv("PHARMACY_ACCOUNT_ID"),
		ClearinghouseURL:    env("CLEARINGHOUSE_URL", "https://api.payerlink.example"),
		ClearinghouseAPIKey: os.Getenv("CLEARINGHOUSE_API_KEY"),
		ClearinghouseNPI:    os.Getenv("CLEARINGHOUSE_SUBMITTER_NPI"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://api.textbeam.example"),
		SMSAccountSID:       os.Getenv("SMS_ACCOUNT_SID"),
		SMSAuthToken:        os.Getenv("SMS_AUTH_TOKEN"),
		SMSFrom:             env("SMS_FROM", "+15550100200"),
		EmailBaseURL:        env("EMAIL_BASE_URL", "https://api.mailgrid.example"),
		EmailAPIKey:         os.Getenv("EMAIL_API_KEY"),
		EmailFrom:           env("EMAIL_FROM", "care@carelink.example"),
		VideoBaseURL:        env("VIDEO_BASE_URL", "https://api.roomly.example"),
		VideoAPIKey:         os.Getenv("VIDEO_API_KEY"),
		VideoWebhookSecret:  os.Getenv("VIDEO_WEBHOOK_SECRET"),
		PublicBaseURL:       env("PUBLIC_BASE_URL", "https://visit.carelink.example"),
		WorkerConcurrency:   envInt("WORKER_CONCURRENCY", 4),
		WorkerPoll:          envDuration("WORKER_POLL", 2*time.Second),
		SweepInterval:       envDuration("SWEEP_INTERVAL", time.Minute),
		NoShowGrace:         envDuration("NOSHOW_GRACE", 15*time.Minute),
	}
	if len(missing) > 0 {
		return c, fmt.Errorf("missing required environment: %s", strings.Join(missing, ", "))
	}
	return c, nil
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v := os.Getenv(k); v != "" {
		if n, err := strconv.Atoi(v); err == nil {
			return n
		}
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v := os.Getenv(k); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
