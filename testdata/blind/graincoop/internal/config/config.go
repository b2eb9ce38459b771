// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	Env         string
	HTTPAddr    string
	DatabaseURL string

	KafkaBrokers []string
	KafkaGroup   string

	AWSRegion         string
	ScaleEventsQueue  string
	ScaleCommandsFIFO string

	ACHBaseURL       string
	ACHAPIKey        string
	ACHWebhookSecret string
	ACHOriginatorID  string

	SMSBaseURL   string
	SMSAPIKey    string
	SMSSender    string
	EmailBaseURL string
	EmailAPIKey  string
	EmailFrom    string

	PortalTimeout time.Duration
	Season        int
	AdvanceLimit  string
}

func Load() (*Config, error) {
	c := &Config{
		Env:               get("APP_ENV", "dev"),
		HTTPAddr:          get("HTTP_ADDR", ":8080"),
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		KafkaBrokers:      strings.Split(get("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroup:        get("KAFKA_GROUP", "graincoop"),
		AWSRegion:         get("AWS_REGION", "us-east-2"),
		ScaleEventsQueue:  os.Getenv("SCALE_EVENTS_QUEUE_URL"),
		ScaleCommandsFIFO: os.Getenv("SCALE_COMMANDS_QUEUE_URL"),
		ACHBaseURL:        get("ACH_BASE_URL", "https://api.sandbox.clearwire-ach.example"),
		ACHAPIKey:         os.Getenv("ACH_API_KEY"),
		ACHWebhookSecret:  os.Getenv("ACH_WEBHOOK_SECRET"),
		ACHOriginatorID:   os.Getenv("ACH_ORIGINATOR_ID"),
		SMSBaseURL:        get("SMS_BASE_URL", "https://api.fieldtext.example"),
		SMSAPIKey:         os.Getenv("SMS_API_KEY"),
		SMSSender:         get("SMS_SENDER", "PRAIRIEGOLD"),
		EmailBaseURL:      get("EMAIL_BASE_URL", "https://relay.mailyard.example"),
		EmailAPIKey:       os.Getenv("EMAIL_API_KEY"),
		EmailFrom:         get("EMAIL_FROM", "statements@prairiegold.coop"),
		AdvanceLimit:      get("ADVANCE_LIMIT", "250000"),
	}
	d, err := time.ParseDuration(get("PORTAL_TIMEOUT", "10s"))
	if err != nil {
		return nil, fmt.Errorf("config: PORTAL_TIMEOUT: %w", err)
	}
	c.PortalTimeout = d
	season, err := strconv.Atoi(get("CROP_SEASON", strconv.Itoa(time.Now().Year())))
	if err != nil {
		return nil, fmt.Errorf("config: CROP_SEASON: %w", err)
	}
	c.Season = season
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func get(k, def string) string {
	if v, ok := os.LookupEnv(k); ok && v != "" {
		return v
	}
	return def
}
