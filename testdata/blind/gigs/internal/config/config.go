// Package config loads the escrow service configuration from the
// environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/gigbridge/escrow/internal/provider/fxquotes"
	"github.com/gigbridge/escrow/internal/provider/mailer"
	"github.com/gigbridge/escrow/internal/provider/payments"
	"github.com/gigbridge/escrow/internal/provider/payouts"
	"github.com/gigbridge/escrow/internal/provider/taxforms"
)

type Config struct {
	HTTPAddr      string
	DatabaseURL   string
	RunMigrations bool
	AppBaseURL    string
	ReviewWindow  time.Duration

	Payments              payments.Config
	PaymentsWebhookSecret string
	Payouts               payouts.Config
	PayoutsWebhookSecret  string
	FX                    fxquotes.Config
	TaxForms              taxforms.Config
	TaxFormsWebhookSecret string
	TaxFormRedirectURL    string
	Mailer                mailer.Config

	RiverWorkers map[string]int
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func required(key string, errs *[]string) string {
	v := os.Getenv(key)
	if v == "" {
		*errs = append(*errs, key)
	}
	return v
}

// FromEnv reads the configuration; missing required variables are reported
// together.
func FromEnv() (Config, error) {
	var missing []string
	cfg := Config{
		HTTPAddr:      env("HTTP_ADDR", ":8080"),
		DatabaseURL:   required("DATABASE_URL", &missing),
		RunMigrations: env("RUN_MIGRATIONS", "true") == "true",
		AppBaseURL:    env("APP_BASE_URL", "https://app.gigbridge.example"),

		Payments: payments.Config{
			BaseURL: env("PAYMENTS_BASE_URL", "https://api.payments.example"),
			APIKey:  required("PAYMENTS_API_KEY", &missing),
		},
		PaymentsWebhookSecret: required("PAYMENTS_WEBHOOK_SECRET", &missing),
		Payouts: payouts.Config{
			BaseURL: env("PAYOUTS_BASE_URL", "https://api.payouts.example"),
			APIKey:  required("PAYOUTS_API_KEY", &missing),
		},
		PayoutsWebhookSecret: required("PAYOUTS_WEBHOOK_SECRET", &missing),
		FX: fxquotes.Config{
			BaseURL: env("FX_BASE_URL", "https://api.fx.example"),
			APIKey:  required("FX_API_KEY", &missing),
		},
		TaxForms: taxforms.Config{
			BaseURL: env("TAXFORMS_BASE_URL", "https://api.taxforms.example"),
			APIKey:  required("TAXFORMS_API_KEY", &missing),
		},
		TaxFormsWebhookSecret: required("TAXFORMS_WEBHOOK_SECRET", &missing),
		TaxFormRedirectURL:    env("TAXFORM_REDIRECT_URL", "https://app.gigbridge.example/settings/tax"),
		Mailer: mailer.Config{
			BaseURL: env("MAILER_BASE_URL", "https://api.mailer.example"),
			APIKey:  required("MAILER_API_KEY", &missing),
			From:    env("MAILER_FROM", "Gigbridge <no-reply@gigbridge.example>"),
		},
		RiverWorkers: map[string]int{
			"default":  5,
			"ledger":   4,
			"payouts":  4,
			"schedule": 1,
		},
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config: missing %v", missing)
	}
	window, err := strconv.Atoi(env("REVIEW_WINDOW_DAYS", "14"))
	if err != nil || window < 1 {
		return Config{}, fmt.Errorf("config: REVIEW_WINDOW_DAYS must be a positive integer")
	}
	cfg.ReviewWindow = time.Duration(window) * 24 * time.Hour
	return cfg, nil
}
