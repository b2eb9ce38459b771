// Package config reads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr      string
	DatabaseURL   string
	DBMaxConns    int
	NATSURL       string
	InternalToken string

	ProcessorURL      string
	ProcessorKey      string
	ProcessorAttempts uint
	WebhookSecret     string

	PartnerURL  string
	PartnerKey  string
	PartnerKeys map[string]string

	SMSURL     string
	SMSAccount string
	SMSToken   string
	SMSFrom    string

	SlotHold     time.Duration
	SlotCutoff   time.Duration
	RefundRetry  time.Duration
	OutboxPeriod time.Duration
}

func FromEnv() (*Config, error) {
	c := &Config{
		HTTPAddr:          env("HTTP_ADDR", ":8080"),
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		DBMaxConns:        envInt("DB_MAX_CONNS", 20),
		NATSURL:           env("NATS_URL", "nats://127.0.0.1:4222"),
		InternalToken:     os.Getenv("INTERNAL_TOKEN"),
		ProcessorURL:      os.Getenv("PROCESSOR_URL"),
		ProcessorKey:      os.Getenv("PROCESSOR_API_KEY"),
		ProcessorAttempts: uint(envInt("PROCESSOR_ATTEMPTS", 4)),
		WebhookSecret:     os.Getenv("PROCESSOR_WEBHOOK_SECRET"),
		PartnerURL:        os.Getenv("PARTNER_URL"),
		PartnerKey:        os.Getenv("PARTNER_API_KEY"),
		PartnerKeys:       parsePairs(os.Getenv("PARTNER_INBOUND_KEYS")),
		SMSURL:            env("SMS_URL", "https://sms.invalid"),
		SMSAccount:        os.Getenv("SMS_ACCOUNT"),
		SMSToken:          os.Getenv("SMS_TOKEN"),
		SMSFrom:           env("SMS_FROM", "Basketline"),
		SlotHold:          envDuration("SLOT_HOLD", 45*time.Minute),
		SlotCutoff:        envDuration("SLOT_CUTOFF", 3*time.Hour),
		RefundRetry:       envDuration("REFUND_RETRY_AFTER", 10*time.Minute),
		OutboxPeriod:      envDuration("OUTBOX_PERIOD", 2*time.Second),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
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
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

// parsePairs reads "key1=partnerA,key2=partnerB".
func parsePairs(s string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if ok && k != "" && v != "" {
			out[k] = v
		}
	}
	return out
}
