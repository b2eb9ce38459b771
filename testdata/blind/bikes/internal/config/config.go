// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	Env           string
	HTTPAddr      string
	DatabaseURL   string
	RedisAddr     string
	RedisPassword string
	NATSURL       string

	StripeSecretKey     string
	StripeWebhookSecret string
	Currency            string

	SMSBaseURL  string
	SMSAPIKey   string
	SMSSenderID string

	CrewBaseURL       string
	CrewAPIKey        string
	CrewWebhookSecret string

	DockStream       string
	DockConsumerName string
	FetchBatch       int
	FetchWait        time.Duration

	WorkerConcurrency int
	RideStaleAfter    time.Duration
}

func Load() (Config, error) {
	c := Config{
		Env:                 env("APP_ENV", "development"),
		HTTPAddr:            env("HTTP_ADDR", ":8080"),
		DatabaseURL:         os.Getenv("DATABASE_URL"),
		RedisAddr:           env("REDIS_ADDR", "127.0.0.1:6379"),
		RedisPassword:       os.Getenv("REDIS_PASSWORD"),
		NATSURL:             env("NATS_URL", "nats://127.0.0.1:4222"),
		StripeSecretKey:     os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret: os.Getenv("STRIPE_WEBHOOK_SECRET"),
		Currency:            env("CURRENCY", "usd"),
		SMSBaseURL:          env("SMS_BASE_URL", "https://api.textrelay.example/v2"),
		SMSAPIKey:           os.Getenv("SMS_API_KEY"),
		SMSSenderID:         env("SMS_SENDER_ID", "CycleGrid"),
		CrewBaseURL:         env("CREW_BASE_URL", "https://partners.fleetcrew.example/api/v1"),
		CrewAPIKey:          os.Getenv("CREW_API_KEY"),
		CrewWebhookSecret:   os.Getenv("CREW_WEBHOOK_SECRET"),
		DockStream:          env("DOCK_STREAM", "DOCK_EVENTS"),
		DockConsumerName:    env("DOCK_CONSUMER", "bikeshare-dock-events"),
		FetchBatch:          envInt("DOCK_FETCH_BATCH", 50),
		FetchWait:           envDuration("DOCK_FETCH_WAIT", 5*time.Second),
		WorkerConcurrency:   envInt("WORKER_CONCURRENCY", 10),
		RideStaleAfter:      envDuration("RIDE_STALE_AFTER", 12*time.Hour),
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("config: DATABASE_URL is required")
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
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envDuration(key string, def time.Duration) time.Duration {
	v, ok := os.LookupEnv(key)
	if !ok {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return def
	}
	return d
}
