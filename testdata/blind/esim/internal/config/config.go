// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Partner holds one partner's endpoint and signing credentials.
type Partner struct {
	BaseURL string
	KeyID   string
	Secret  string
}

// Config is the union of settings the binaries need.
type Config struct {
	Env          string
	DatabaseURL  string
	DBMaxConns   int32
	RedisAddr    string
	RedisPass    string
	RedisDB      int
	GRPCAddr     string
	TokenSecret  string
	ShutdownWait time.Duration

	Adyen         Partner
	AdyenMerchant string
	AdyenHMACKey  string

	Orbit        Partner
	OrbitAccount string
	Skylink      Partner
	Nordtel      Partner

	SMS       Partner
	SMSSender string
	Push      Partner
	PushApp   string

	AWSRegion         string
	SQSEndpoint       string
	CarrierQueueURL   string
	PaymentQueueURL   string
	SQSVisibility     int32
	HandlerTimeout    time.Duration
	WorkerConcurrency int
}

// Load reads the configuration.
func Load() (*Config, error) {
	c := &Config{
		Env:               env("APP_ENV", "development"),
		DatabaseURL:       os.Getenv("DATABASE_URL"),
		DBMaxConns:        int32(envInt("DB_MAX_CONNS", 20)),
		RedisAddr:         env("REDIS_ADDR", "localhost:6379"),
		RedisPass:         os.Getenv("REDIS_PASSWORD"),
		RedisDB:           envInt("REDIS_DB", 0),
		GRPCAddr:          env("GRPC_ADDR", ":8443"),
		TokenSecret:       os.Getenv("TOKEN_SECRET"),
		ShutdownWait:      envDuration("SHUTDOWN_WAIT", 20*time.Second),
		Adyen:             partner("ADYEN"),
		AdyenMerchant:     os.Getenv("ADYEN_MERCHANT_ACCOUNT"),
		AdyenHMACKey:      os.Getenv("ADYEN_HMAC_KEY"),
		Orbit:             partner("ORBIT"),
		OrbitAccount:      os.Getenv("ORBIT_ACCOUNT"),
		Skylink:           partner("SKYLINK"),
		Nordtel:           partner("NORDTEL"),
		SMS:               partner("SMS"),
		SMSSender:         env("SMS_SENDER", "GlobeTrek"),
		Push:              partner("PUSH"),
		PushApp:           env("PUSH_APP_ID", "globetrek-traveller"),
		AWSRegion:         env("AWS_REGION", "eu-west-1"),
		SQSEndpoint:       os.Getenv("SQS_ENDPOINT"),
		CarrierQueueURL:   os.Getenv("CARRIER_QUEUE_URL"),
		PaymentQueueURL:   os.Getenv("PAYMENT_QUEUE_URL"),
		SQSVisibility:     int32(envInt("SQS_VISIBILITY_SECONDS", 60)),
		HandlerTimeout:    envDuration("HANDLER_TIMEOUT", 45*time.Second),
		WorkerConcurrency: envInt("WORKER_CONCURRENCY", 20),
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func partner(prefix string) Partner {
	return Partner{
		BaseURL: strings.TrimRight(os.Getenv(prefix+"_URL"), "/"),
		KeyID:   os.Getenv(prefix + "_KEY_ID"),
		Secret:  os.Getenv(prefix + "_SECRET"),
	}
}

func env(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(k)); err == nil {
		return v
	}
	return def
}

func envDuration(k string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(k)); err == nil {
		return v
	}
	return def
}
