// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by the API and worker binaries. Fields that a binary
// does not need are simply ignored by it.
type Config struct {
	HTTPAddr    string
	DatabaseURL string
	NATSURL     string

	SupplierBaseURL string
	SupplierAPIKey  string

	CityAuthorityURL   string
	CityAuthorityKey   string
	CityOperatorNumber string

	PagerURL   string
	PagerToken string

	MailerURL   string
	MailerToken string

	WebhookSecretSupplier string
	WebhookSecretCity     string

	WorkerConcurrency int
	ShutdownTimeout   time.Duration
}

// FromEnv reads the configuration, failing on the few values that have no
// sensible default.
func FromEnv() (Config, error) {
	c := Config{
		HTTPAddr:              getenv("LIFTCARE_HTTP_ADDR", ":8080"),
		DatabaseURL:           os.Getenv("LIFTCARE_DATABASE_URL"),
		NATSURL:               getenv("LIFTCARE_NATS_URL", "nats://127.0.0.1:4222"),
		SupplierBaseURL:       getenv("LIFTCARE_SUPPLIER_URL", "https://api.partsdirect.example"),
		SupplierAPIKey:        os.Getenv("LIFTCARE_SUPPLIER_API_KEY"),
		CityAuthorityURL:      getenv("LIFTCARE_CITY_URL", "https://lifts.city-permits.example"),
		CityAuthorityKey:      os.Getenv("LIFTCARE_CITY_API_KEY"),
		CityOperatorNumber:    os.Getenv("LIFTCARE_CITY_OPERATOR_NO"),
		PagerURL:              getenv("LIFTCARE_PAGER_URL", "https://sms.pagerline.example"),
		PagerToken:            os.Getenv("LIFTCARE_PAGER_TOKEN"),
		MailerURL:             getenv("LIFTCARE_MAILER_URL", "https://mail.postbox.example"),
		MailerToken:           os.Getenv("LIFTCARE_MAILER_TOKEN"),
		WebhookSecretSupplier: os.Getenv("LIFTCARE_SUPPLIER_WEBHOOK_SECRET"),
		WebhookSecretCity:     os.Getenv("LIFTCARE_CITY_WEBHOOK_SECRET"),
		WorkerConcurrency:     20,
		ShutdownTimeout:       20 * time.Second,
	}
	if c.DatabaseURL == "" {
		return Config{}, fmt.Errorf("config: LIFTCARE_DATABASE_URL is required")
	}
	if v := os.Getenv("LIFTCARE_WORKER_CONCURRENCY"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return Config{}, fmt.Errorf("config: bad LIFTCARE_WORKER_CONCURRENCY %q", v)
		}
		c.WorkerConcurrency = n
	}
	return c, nil
}

func getenv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
