// Package config loads settings from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

type Config struct {
	HTTPAddr     string
	DatabaseURL  string
	ClerkToken   string
	TemporalHost string
	TemporalNS   string
	AMQPURL      string
	FeedExchange string
	FeedQueue    string
	FeedDLX      string
	Prefetch     int

	PayprocURL, PayprocKey, PayprocWebhookSecret       string
	MailhouseURL, MailhouseKey, MailhouseWebhookSecret string
	DMVURL, DMVKey, DMVAgency                          string
	AgencyURL, AgencyKey, AgencyWebhookSecret          string
	HearingsURL, HearingsKey                           string
	NotifyURL, NotifyKey, NotifySender, NotifyFrom     string

	// Vendors is "code=baseURL|apiKey" entries separated by commas.
	Vendors []VendorConfig
}

type VendorConfig struct {
	Code    string
	BaseURL string
	APIKey  string
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:     env("HTTP_ADDR", ":8080"),
		DatabaseURL:  os.Getenv("DATABASE_URL"),
		ClerkToken:   os.Getenv("CLERK_TOKEN"),
		TemporalHost: env("TEMPORAL_HOST", "localhost:7233"),
		TemporalNS:   env("TEMPORAL_NAMESPACE", "citations"),
		AMQPURL:      env("AMQP_URL", "amqp://guest:guest@localhost:5672/"),
		FeedExchange: env("FEED_EXCHANGE", "vendor.events"),
		FeedQueue:    env("FEED_QUEUE", "citeproc.vendor-events"),
		FeedDLX:      env("FEED_DLX", "vendor.events.dlx"),

		PayprocURL: env("PAYPROC_URL", "https://api.payproc.example"), PayprocKey: os.Getenv("PAYPROC_KEY"),
		PayprocWebhookSecret: os.Getenv("PAYPROC_WEBHOOK_SECRET"),
		MailhouseURL:         env("MAILHOUSE_URL", "https://api.mailhouse.example"), MailhouseKey: os.Getenv("MAILHOUSE_KEY"),
		MailhouseWebhookSecret: os.Getenv("MAILHOUSE_WEBHOOK_SECRET"),
		DMVURL:                 env("DMV_URL", "https://dmv-api.state.example"), DMVKey: os.Getenv("DMV_KEY"),
		DMVAgency: env("DMV_AGENCY", "HARBOR-CITY-PED"),
		AgencyURL: env("AGENCY_URL", "https://api.collect.example"), AgencyKey: os.Getenv("AGENCY_KEY"),
		AgencyWebhookSecret: os.Getenv("AGENCY_WEBHOOK_SECRET"),
		HearingsURL:         env("HEARINGS_URL", "https://hearings.harborcity.example"), HearingsKey: os.Getenv("HEARINGS_KEY"),
		NotifyURL: env("NOTIFY_URL", "https://notify.harborcity.example"), NotifyKey: os.Getenv("NOTIFY_KEY"),
		NotifySender: env("NOTIFY_SENDER", "HARBORCTY"), NotifyFrom: env("NOTIFY_FROM", "citations@harborcity.gov"),
	}
	var err error
	if c.Prefetch, err = strconv.Atoi(env("FEED_PREFETCH", "16")); err != nil {
		return nil, fmt.Errorf("FEED_PREFETCH: %w", err)
	}
	for _, entry := range strings.Split(os.Getenv("CAMERA_VENDORS"), ",") {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		code, rest, ok := strings.Cut(entry, "=")
		url, key, ok2 := strings.Cut(rest, "|")
		if !ok || !ok2 {
			return nil, fmt.Errorf("CAMERA_VENDORS: bad entry %q", entry)
		}
		c.Vendors = append(c.Vendors, VendorConfig{Code: strings.ToLower(code), BaseURL: url, APIKey: key})
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}
