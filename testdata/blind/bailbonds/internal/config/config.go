// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is shared by the api and worker binaries; each reads the fields it
// needs.
type Config struct {
	HTTPAddr, DatabaseURL          string
	RedisAddr, RedisPass           string
	StripeSecretKey, StripeWebhook string
	SMSBaseURL, SMSAPIKey, SMSFrom string
	MailBaseURL, MailAPIKey        string
	MailFrom                       string
	SuretyBaseURL, SuretyAPIKey    string
	SuretyAgencyCode, SuretyHook   string
	CountyFeedSecret               string
	WorkerConcurrency              int
	Location                       *time.Location
	RunMigrations                  bool
}

// FromEnv loads the configuration.
func FromEnv() (Config, error) {
	c := Config{
		HTTPAddr:         env("HTTP_ADDR", ":8080"),
		DatabaseURL:      os.Getenv("DATABASE_URL"),
		RedisAddr:        env("REDIS_ADDR", "127.0.0.1:6379"),
		RedisPass:        os.Getenv("REDIS_PASSWORD"),
		StripeSecretKey:  os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhook:    os.Getenv("STRIPE_WEBHOOK_SECRET"),
		SMSBaseURL:       env("SMS_BASE_URL", "https://api.textrelay.example/v2"),
		SMSAPIKey:        os.Getenv("SMS_API_KEY"),
		SMSFrom:          os.Getenv("SMS_FROM"),
		MailBaseURL:      env("MAIL_BASE_URL", "https://api.postbox.example/v1"),
		MailAPIKey:       os.Getenv("MAIL_API_KEY"),
		MailFrom:         env("MAIL_FROM", "billing@keystonebail.example"),
		SuretyBaseURL:    env("SURETY_BASE_URL", "https://agents.granitesurety.example/api"),
		SuretyAPIKey:     os.Getenv("SURETY_API_KEY"),
		SuretyAgencyCode: os.Getenv("SURETY_AGENCY_CODE"),
		SuretyHook:       os.Getenv("SURETY_WEBHOOK_SECRET"),
		CountyFeedSecret: os.Getenv("COUNTY_FEED_SECRET"),
		RunMigrations:    os.Getenv("RUN_MIGRATIONS") == "1",
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
	}
	n, err := strconv.Atoi(env("WORKER_CONCURRENCY", "10"))
	if err != nil {
		return c, fmt.Errorf("config: WORKER_CONCURRENCY: %w", err)
	}
	c.WorkerConcurrency = n
	if c.Location, err = time.LoadLocation(env("AGENCY_TZ", "America/Chicago")); err != nil {
		return c, fmt.Errorf("config: AGENCY_TZ: %w", err)
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
