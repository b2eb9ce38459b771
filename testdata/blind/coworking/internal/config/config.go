// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the full runtime configuration shared by every role of the
// server binary. Values are read once at start-up.
type Config struct {
	HTTPAddr        string
	DatabaseURL     string
	RedisAddr       string
	NATSURL         string
	StripeSecretKey string
	StripeWebhook   string
	DoorsBaseURL    string
	DoorsAPIKey     string
	DoorsWebhook    string
	SMSBaseURL      string
	SMSAPIKey       string
	SMSSender       string
	CatererBaseURL  string
	CatererAPIKey   string
	WorkerQueues    map[string]int
	Concurrency     int
	ShutdownTimeout time.Duration
	NoShowGrace     time.Duration
	NoShowFeeCents  int64
	LateFeeCents    int64
	DayPassCents    int64
	Currency        string
}

// Load reads the configuration from environment variables.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:        getenv("HTTP_ADDR", ":8080"),
		DatabaseURL:     os.Getenv("DATABASE_URL"),
		RedisAddr:       getenv("REDIS_ADDR", "127.0.0.1:6379"),
		NATSURL:         getenv("NATS_URL", "nats://127.0.0.1:4222"),
		StripeSecretKey: os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhook:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
		DoorsBaseURL:    getenv("DOORS_BASE_URL", "https://api.doorpartner.example/v2"),
		DoorsAPIKey:     os.Getenv("DOORS_API_KEY"),
		DoorsWebhook:    os.Getenv("DOORS_WEBHOOK_SECRET"),
		SMSBaseURL:      getenv("SMS_BASE_URL", "https://api.textrelay.example"),
		SMSAPIKey:       os.Getenv("SMS_API_KEY"),
		SMSSender:       getenv("SMS_SENDER", "DeskHive"),
		CatererBaseURL:  getenv("CATERER_BASE_URL", "https://orders.caterer.example/api"),
		CatererAPIKey:   os.Getenv("CATERER_API_KEY"),
		WorkerQueues:    map[string]int{"critical": 6, "default": 3, "low": 1},
		Currency:        getenv("CURRENCY", "eur"),
	}
	var err error
	if c.Concurrency, err = atoi("WORKER_CONCURRENCY", 10); err != nil {
		return nil, err
	}
	if c.ShutdownTimeout, err = duration("SHUTDOWN_TIMEOUT", 20*time.Second); err != nil {
		return nil, err
	}
	if c.NoShowGrace, err = duration("NO_SHOW_GRACE", 15*time.Minute); err != nil {
		return nil, err
	}
	fees := []struct {
		key string
		dst *int64
		def int64
	}{
		{"NO_SHOW_FEE_CENTS", &c.NoShowFeeCents, 1500},
		{"LATE_FEE_CENTS", &c.LateFeeCents, 2500},
		{"DAY_PASS_CENTS", &c.DayPassCents, 3500},
	}
	for _, f := range fees {
		v, err := atoi(f.key, int(f.def))
		if err != nil {
			return nil, err
		}
		*f.dst = int64(v)
	}
	if c.DatabaseURL == "" {
		return nil, fmt.Errorf("config: DATABASE_URL is required")
	}
	return c, nil
}

func getenv(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func atoi(key string, def int) (int, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return n, nil
}

func duration(key string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(key)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return d, nil
}
