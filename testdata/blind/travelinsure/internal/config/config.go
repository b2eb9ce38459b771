// Package config loads process configuration from the environment. Every
// binary under cmd/ reads the same variables and ignores the ones it does
// not need.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the union of settings used by the api, worker, flightfeed and
// statements binaries.
type Config struct {
	HTTPAddr    string
	DatabaseDSN string
	RedisAddr   string

	PaygateURL     string
	PaygateAPIKey  string
	PaygateSecret  string
	BankpayURL     string
	BankpayAPIKey  string
	BankpayDebtor  string
	DocvaultURL    string
	DocvaultBucket string
	DocvaultToken  string
	MailerURL      string
	MailerToken    string
	MailerFrom     string
	SMSURL         string
	SMSToken       string
	SMSSender      string
	PartnerGWURL   string
	PartnerGWToken string

	FlightFeedQueueURL string
	FlightFeedWorkers  int
	DelayThreshold     time.Duration

	AdminToken        string
	WorkerConcurrency int
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:           env("HTTP_ADDR", ":8080"),
		DatabaseDSN:        os.Getenv("DATABASE_URL"),
		RedisAddr:          env("REDIS_ADDR", "localhost:6379"),
		PaygateURL:         env("PAYGATE_URL", "https://api.paygate.example/v2"),
		PaygateAPIKey:      os.Getenv("PAYGATE_API_KEY"),
		PaygateSecret:      os.Getenv("PAYGATE_WEBHOOK_SECRET"),
		BankpayURL:         env("BANKPAY_URL", "https://api.bankpay.example"),
		BankpayAPIKey:      os.Getenv("BANKPAY_API_KEY"),
		BankpayDebtor:      os.Getenv("BANKPAY_DEBTOR_ACCOUNT"),
		DocvaultURL:        env("DOCVAULT_URL", "https://vault.docvault.example"),
		DocvaultBucket:     env("DOCVAULT_BUCKET", "policyhub"),
		DocvaultToken:      os.Getenv("DOCVAULT_TOKEN"),
		MailerURL:          env("MAILER_URL", "https://api.postbox.example"),
		MailerToken:        os.Getenv("MAILER_TOKEN"),
		MailerFrom:         env("MAILER_FROM", "policies@skyguard.example"),
		SMSURL:             env("SMS_URL", "https://api.smsgw.example"),
		SMSToken:           os.Getenv("SMS_TOKEN"),
		SMSSender:          env("SMS_SENDER", "SkyGuard"),
		PartnerGWURL:       env("PARTNER_GW_URL", "https://partners.skyguard.example"),
		PartnerGWToken:     os.Getenv("PARTNER_GW_TOKEN"),
		FlightFeedQueueURL: os.Getenv("FLIGHT_FEED_QUEUE_URL"),
		AdminToken:         os.Getenv("ADMIN_TOKEN"),
	}

	var err error
	if c.FlightFeedWorkers, err = envInt("FLIGHT_FEED_WORKERS", 4); err != nil {
		return c, err
	}
	if c.WorkerConcurrency, err = envInt("WORKER_CONCURRENCY", 10); err != nil {
		return c, err
	}
	if c.DelayThreshold, err = time.ParseDuration(env("DELAY_THRESHOLD", "3h")); err != nil {
		return c, fmt.Errorf("DELAY_THRESHOLD: %w", err)
	}
	if c.DatabaseDSN == "" {
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

func envInt(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", key, err)
	}
	return n, nil
}
