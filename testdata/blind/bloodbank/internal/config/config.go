// Package config loads process configuration from the environment.
package config

import (
	"os"
	"strconv"
	"time"
)

type Config struct {
	HTTPAddr          string
	DatabaseURL       string
	RedisAddr         string
	TemporalHostPort  string
	TemporalNamespace string
	TransferTaskQueue string

	LabResultsQueueURL string
	AWSRegion          string

	CourierBaseURL  string
	CourierAPIKey   string
	SMSBaseURL      string
	SMSAPIKey       string
	LettersBaseURL  string
	LettersAPIKey   string
	VoucherBaseURL  string
	VoucherAPIKey   string
	VoucherHookKey  string
	LabAPIBaseURL   string
	LabAPIKey       string
	PartnerAPIToken string

	HTTPTimeout time.Duration
}

func Load() Config {
	return Config{
		HTTPAddr:           env("HTTP_ADDR", ":8080"),
		DatabaseURL:        env("DATABASE_URL", "postgres://bloodbank@localhost:5432/bloodbank?sslmode=disable"),
		RedisAddr:          env("REDIS_ADDR", "localhost:6379"),
		TemporalHostPort:   env("TEMPORAL_HOSTPORT", "localhost:7233"),
		TemporalNamespace:  env("TEMPORAL_NAMESPACE", "bloodbank"),
		TransferTaskQueue:  env("TRANSFER_TASK_QUEUE", "cross-border-transfers"),
		LabResultsQueueURL: env("LAB_RESULTS_QUEUE_URL", ""),
		AWSRegion:          env("AWS_REGION", "eu-central-1"),
		CourierBaseURL:     env("COURIER_BASE_URL", "https://api.coldchain-courier.example"),
		CourierAPIKey:      env("COURIER_API_KEY", ""),
		SMSBaseURL:         env("SMS_BASE_URL", "https://sms.example-gateway.eu"),
		SMSAPIKey:          env("SMS_API_KEY", ""),
		LettersBaseURL:     env("LETTERS_BASE_URL", "https://api.letterhub.example"),
		LettersAPIKey:      env("LETTERS_API_KEY", ""),
		VoucherBaseURL:     env("VOUCHER_BASE_URL", "https://partners.giftvoucher.example"),
		VoucherAPIKey:      env("VOUCHER_API_KEY", ""),
		VoucherHookKey:     env("VOUCHER_WEBHOOK_SECRET", ""),
		LabAPIBaseURL:      env("LAB_API_BASE_URL", "https://lab.regional-screening.example"),
		LabAPIKey:          env("LAB_API_KEY", ""),
		PartnerAPIToken:    env("PARTNER_API_TOKEN", ""),
		HTTPTimeout:        envDuration("HTTP_CLIENT_TIMEOUT", 10*time.Second),
	}
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	if d, err := time.ParseDuration(v); err == nil {
		return d
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return time.Duration(secs) * time.Second
	}
	return def
}
