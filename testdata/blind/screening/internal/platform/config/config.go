// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is everything cmd/server needs to wire the process.
type Config struct {
	HTTPAddr string
	GRPCAddr string

	DatabaseURL     string
	MaxOpenConns    int
	RunMigrations   bool
	ShutdownTimeout time.Duration

	AWSRegion             string
	BureauCallbackQueue   string
	OpsNotificationsQueue string

	BureauBaseURL   string
	BureauAPIKey    string
	IDVerifyBaseURL string
	IDVerifyAPIKey  string
	IDVerifySecret  string
	PrintMailURL    string
	PrintMailAPIKey string
	PrintMailSecret string

	StripeSecretKey     string
	StripeWebhookSecret string

	ApplicationFeeCents int64
	ReturnAddress       Address

	WorkerInterval time.Duration
	InternalToken  string
	AppBaseURL     string
	BureauTopic    string
}

// Address is the return address printed on adverse-action letters.
type Address struct {
	Name, Line1, Line2, City, State, Zip string
}

// Load reads the environment. Required values missing produce an error
// listing the first one found.
func Load() (Config, error) {
	c := Config{
		HTTPAddr:              env("HTTP_ADDR", ":8080"),
		GRPCAddr:              env("GRPC_ADDR", ":9090"),
		DatabaseURL:           os.Getenv("DATABASE_URL"),
		MaxOpenConns:          envInt("DB_MAX_OPEN_CONNS", 20),
		RunMigrations:         env("RUN_MIGRATIONS", "true") == "true",
		ShutdownTimeout:       envDuration("SHUTDOWN_TIMEOUT", 20*time.Second),
		AWSRegion:             env("AWS_REGION", "us-east-1"),
		BureauCallbackQueue:   os.Getenv("BUREAU_CALLBACK_QUEUE_URL"),
		OpsNotificationsQueue: os.Getenv("OPS_NOTIFICATIONS_QUEUE_URL"),
		BureauBaseURL:         env("BUREAU_BASE_URL", "https://api.bureau.example.com"),
		BureauAPIKey:          os.Getenv("BUREAU_API_KEY"),
		IDVerifyBaseURL:       env("IDVERIFY_BASE_URL", "https://api.idverify.example.com"),
		IDVerifyAPIKey:        os.Getenv("IDVERIFY_API_KEY"),
		IDVerifySecret:        os.Getenv("IDVERIFY_WEBHOOK_SECRET"),
		PrintMailURL:          env("PRINTMAIL_BASE_URL", "https://api.printmail.example.com"),
		PrintMailAPIKey:       os.Getenv("PRINTMAIL_API_KEY"),
		PrintMailSecret:       os.Getenv("PRINTMAIL_WEBHOOK_SECRET"),
		StripeSecretKey:       os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:   os.Getenv("STRIPE_WEBHOOK_SECRET"),
		ApplicationFeeCents:   int64(envInt("APPLICATION_FEE_CENTS", 4500)),
		WorkerInterval:        envDuration("WORKER_INTERVAL", 5*time.Second),
		InternalToken:         os.Getenv("INTERNAL_API_TOKEN"),
		AppBaseURL:            env("APP_BASE_URL", "https://apply.tenantlens.example.com"),
		BureauTopic:           env("BUREAU_CALLBACK_TOPIC", "tenantlens-bureau-callbacks"),
		ReturnAddress: Address{
			Name:  env("RETURN_NAME", "TenantLens Screening"),
			Line1: env("RETURN_LINE1", "100 Main St"),
			City:  env("RETURN_CITY", "Austin"),
			State: env("RETURN_STATE", "TX"),
			Zip:   env("RETURN_ZIP", "78701"),
		},
	}
	for name, v := range map[string]string{
		"DATABASE_URL":              c.DatabaseURL,
		"BUREAU_CALLBACK_QUEUE_URL": c.BureauCallbackQueue,
		"STRIPE_SECRET_KEY":         c.StripeSecretKey,
	} {
		if v == "" {
			return Config{}, fmt.Errorf("config: %s is required", name)
		}
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
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
