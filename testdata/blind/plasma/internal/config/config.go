// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the full process configuration.
type Config struct {
	DatabaseURL string
	GRPCAddr    string
	WebhookAddr string

	RiverMaxWorkers int

	CardIssuer   CardIssuerConfig
	LabPartner   LabPartnerConfig
	Fractionator FractionatorConfig
	SMS          SMSConfig

	// QuarantineHold is the minimum time a unit stays in inventory hold
	// before it can be released to the fractionator.
	QuarantineHold time.Duration
	// DonationFeeCents is the base compensation for a completed donation.
	DonationFeeCents int64
	// FirstMonthBonusCents is added to each of a new donor's first donations.
	FirstMonthBonusCents int64
}

type CardIssuerConfig struct {
	BaseURL       string
	APIKey        string
	ProgramID     string
	WebhookSecret string
}

type LabPartnerConfig struct {
	BaseURL       string
	APIKey        string
	AccountID     string
	WebhookSecret string
}

type FractionatorConfig struct {
	BaseURL   string
	APIKey    string
	Consignee string
}

type SMSConfig struct {
	BaseURL string
	APIKey  string
	Sender  string
}

// Load reads Config from the environment, applying defaults.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:          env("DATABASE_URL", "postgres://plasma:plasma@localhost:5432/plasma?sslmode=disable"),
		GRPCAddr:             env("GRPC_ADDR", ":9090"),
		WebhookAddr:          env("WEBHOOK_ADDR", ":8080"),
		RiverMaxWorkers:      envInt("RIVER_MAX_WORKERS", 20),
		QuarantineHold:       envDuration("QUARANTINE_HOLD", 60*24*time.Hour),
		DonationFeeCents:     int64(envInt("DONATION_FEE_CENTS", 5000)),
		FirstMonthBonusCents: int64(envInt("FIRST_MONTH_BONUS_CENTS", 2500)),
		CardIssuer: CardIssuerConfig{
			BaseURL:       env("CARD_ISSUER_URL", "https://api.cardissuer.example/v1"),
			APIKey:        os.Getenv("CARD_ISSUER_API_KEY"),
			ProgramID:     env("CARD_ISSUER_PROGRAM", "plasma-comp"),
			WebhookSecret: os.Getenv("CARD_ISSUER_WEBHOOK_SECRET"),
		},
		LabPartner: LabPartnerConfig{
			BaseURL:       env("LAB_PARTNER_URL", "https://api.labpartner.example"),
			APIKey:        os.Getenv("LAB_PARTNER_API_KEY"),
			AccountID:     env("LAB_PARTNER_ACCOUNT", ""),
			WebhookSecret: os.Getenv("LAB_PARTNER_WEBHOOK_SECRET"),
		},
		Fractionator: FractionatorConfig{
			BaseURL:   env("FRACTIONATOR_URL", "https://edi.fractionator.example"),
			APIKey:    os.Getenv("FRACTIONATOR_API_KEY"),
			Consignee: env("FRACTIONATOR_CONSIGNEE", ""),
		},
		SMS: SMSConfig{
			BaseURL: env("SMS_URL", "https://api.sms.example"),
			APIKey:  os.Getenv("SMS_API_KEY"),
			Sender:  env("SMS_SENDER", "PlasmaOps"),
		},
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envDuration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
