// Package config loads process configuration from the environment.
package config

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary in this module.
type Config struct {
	HTTPAddr, DatabaseURL, RedisAddr string

	KafkaBrokers                          []string
	GateTopic, ReeferTopic, ConsumerGroup string
	ConsumerMaxTries                      int

	AWSRegion, EDIOutboundQueue                 string
	EDIVisibility                               time.Duration
	EDIPartnerURL, EDIPartnerToken, EDISenderID string

	StripeSecretKey, StripeWebhookSecret string
	SMSBaseURL, SMSAPIKey                string
	MailBaseURL, MailAPIKey, MailFrom    string
	CustomsHMAC                          string
	PartnerKeys                          map[string]string // API key -> line code

	FreeDays     int
	DailyRateCts int64
}

// Load reads the environment.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		RedisAddr:           env("REDIS_ADDR", "localhost:6379"),
		KafkaBrokers:        strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		GateTopic:           env("KAFKA_GATE_TOPIC", "terminal.gate.events"),
		ReeferTopic:         env("KAFKA_REEFER_TOPIC", "terminal.reefer.events"),
		ConsumerGroup:       env("KAFKA_GROUP_ID", "tos-consumers"),
		ConsumerMaxTries:    envInt("KAFKA_HANDLER_TRIES", 5),
		AWSRegion:           env("AWS_REGION", "eu-west-1"),
		EDIOutboundQueue:    os.Getenv("EDI_OUTBOUND_QUEUE_URL"),
		EDIVisibility:       time.Duration(envInt("EDI_VISIBILITY_SECONDS", 120)) * time.Second,
		EDIPartnerURL:       env("EDI_PARTNER_URL", "https://edi-gateway.example.net"),
		EDIPartnerToken:     os.Getenv("EDI_PARTNER_TOKEN"),
		EDISenderID:         env("EDI_SENDER_ID", "QMKTERM"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://sms.example.net"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		MailBaseURL:         env("MAIL_BASE_URL", "https://mail.example.net"),
		MailAPIKey:          os.Getenv("MAIL_API_KEY"),
		MailFrom:            env("MAIL_FROM", "billing@quaymark.example"),
		CustomsHMAC:         os.Getenv("CUSTOMS_WEBHOOK_SECRET"),
		PartnerKeys:         map[string]string{},
		FreeDays:            envInt("DEMURRAGE_FREE_DAYS", 5),
		DailyRateCts:        int64(envInt("DEMURRAGE_DAILY_RATE_CENTS", 7500)),
	}
	// PARTNER_API_KEYS is "key1=MAEU,key2=MSCU".
	for _, p := range strings.Split(os.Getenv("PARTNER_API_KEYS"), ",") {
		if k, v, ok := strings.Cut(p, "="); ok {
			c.PartnerKeys[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	if c.DatabaseURL == "" {
		return nil, errors.New("config: DATABASE_URL is required")
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
	if n, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return n
	}
	return def
}
