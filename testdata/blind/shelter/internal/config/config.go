// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr    string
	DatabaseURL string

	TemporalHostPort  string
	TemporalNamespace string
	StipendTaskQueue  string

	SESRegion       string
	SESFromAddress  string
	SESConfigSet    string
	ReceiptsReplyTo string

	PaymentsBaseURL string
	PaymentsAPIKey  string

	RegistryBaseURL  string
	RegistryAPIKey   string
	RegistryOrgID    string
	DistributorURL   string
	DistributorKey   string
	DistributorAcct  string
	PayoutsBaseURL   string
	PayoutsAPIKey    string
	PartnersBaseURL  string
	PartnersAPIKey   string
	ShelterPartnerID string

	DonationsWebhookSecret   string
	PartnerWebhookSecret     string
	DistributorWebhookSecret string

	DefaultSiteID    string
	OutboxPollEvery  time.Duration
	ProviderTimeout  time.Duration
	AdoptionFeeCents int64
	AdoptionCurrency string
	ExamLeadTimeDays int
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr:                 env("HTTP_ADDR", ":8080"),
		DatabaseURL:              os.Getenv("DATABASE_URL"),
		TemporalHostPort:         env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace:        env("TEMPORAL_NAMESPACE", "shelternet"),
		StipendTaskQueue:         env("STIPEND_TASK_QUEUE", "foster-stipends"),
		SESRegion:                env("SES_REGION", "us-east-1"),
		SESFromAddress:           env("SES_FROM", "hello@brindlewoodshelters.org"),
		SESConfigSet:             os.Getenv("SES_CONFIGURATION_SET"),
		ReceiptsReplyTo:          env("RECEIPTS_REPLY_TO", "donations@brindlewoodshelters.org"),
		PaymentsBaseURL:          env("PAYMENTS_BASE_URL", "https://api.tillpoint.example/v1"),
		PaymentsAPIKey:           os.Getenv("PAYMENTS_API_KEY"),
		RegistryBaseURL:          env("REGISTRY_BASE_URL", "https://api.npmr.example/v2"),
		RegistryAPIKey:           os.Getenv("REGISTRY_API_KEY"),
		RegistryOrgID:            os.Getenv("REGISTRY_ORG_ID"),
		DistributorURL:           env("DISTRIBUTOR_BASE_URL", "https://orders.vetsourcedirect.example/api"),
		DistributorKey:           os.Getenv("DISTRIBUTOR_API_KEY"),
		DistributorAcct:          os.Getenv("DISTRIBUTOR_ACCOUNT"),
		PayoutsBaseURL:           env("PAYOUTS_BASE_URL", "https://api.payrail.example"),
		PayoutsAPIKey:            os.Getenv("PAYOUTS_API_KEY"),
		PartnersBaseURL:          env("PARTNERS_BASE_URL", "https://exchange.rescuelink.example/api"),
		PartnersAPIKey:           os.Getenv("PARTNERS_API_KEY"),
		ShelterPartnerID:         os.Getenv("SHELTER_PARTNER_ID"),
		DonationsWebhookSecret:   os.Getenv("DONATIONS_WEBHOOK_SECRET"),
		PartnerWebhookSecret:     os.Getenv("PARTNER_WEBHOOK_SECRET"),
		DistributorWebhookSecret: os.Getenv("DISTRIBUTOR_WEBHOOK_SECRET"),
		DefaultSiteID:            env("DEFAULT_SITE_ID", "main"),
		AdoptionCurrency:         env("ADOPTION_CURRENCY", "usd"),
	}
	var err error
	if c.OutboxPollEvery, err = time.ParseDuration(env("OUTBOX_POLL_EVERY", "2s")); err != nil {
		return c, fmt.Errorf("OUTBOX_POLL_EVERY: %w", err)
	}
	if c.ProviderTimeout, err = time.ParseDuration(env("PROVIDER_TIMEOUT", "15s")); err != nil {
		return c, fmt.Errorf("PROVIDER_TIMEOUT: %w", err)
	}
	if c.AdoptionFeeCents, err = strconv.ParseInt(env("ADOPTION_FEE_CENTS", "15000"), 10, 64); err != nil {
		return c, fmt.Errorf("ADOPTION_FEE_CENTS: %w", err)
	}
	if c.ExamLeadTimeDays, err = strconv.Atoi(env("EXAM_LEAD_TIME_DAYS", "2")); err != nil {
		return c, fmt.Errorf("EXAM_LEAD_TIME_DAYS: %w", err)
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}
