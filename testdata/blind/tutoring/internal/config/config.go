// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// Config is the full runtime configuration shared by the api and worker
// binaries. Every field has an environment variable; defaults suit local
// development with docker-compose.
type Config struct {
	DatabaseURL string
	RedisAddr   string

	GRPCAddr string
	HTTPAddr string

	GCPProject string

	StripeSecretKey     string
	StripeWebhookSecret string

	VideoBaseURL       string
	VideoAPIKey        string
	VideoWebhookSecret string

	MessagingBaseURL       string
	MessagingAPIKey        string
	MessagingWebhookSecret string

	AffiliateBaseURL string
	AffiliateToken   string

	PlatformFeeBps      int64
	ReminderLeadTime    time.Duration
	ReviewRequestDelay  time.Duration
	VideoProvisionLead  time.Duration
	PartnerSyncTimeout  time.Duration
	PublicJoinURLPrefix string
}

// Load reads Config from the environment.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:            env("DATABASE_URL", "postgres://tutoring:tutoring@localhost:5432/tutoring?sslmode=disable"),
		RedisAddr:              env("REDIS_ADDR", "localhost:6379"),
		GRPCAddr:               env("GRPC_ADDR", ":9090"),
		HTTPAddr:               env("HTTP_ADDR", ":8080"),
		GCPProject:             env("GCP_PROJECT", "learnloop-dev"),
		StripeSecretKey:        os.Getenv("STRIPE_SECRET_KEY"),
		StripeWebhookSecret:    os.Getenv("STRIPE_WEBHOOK_SECRET"),
		VideoBaseURL:           env("VIDEO_BASE_URL", "https://api.roomcast.example/v2"),
		VideoAPIKey:            os.Getenv("VIDEO_API_KEY"),
		VideoWebhookSecret:     os.Getenv("VIDEO_WEBHOOK_SECRET"),
		MessagingBaseURL:       env("MESSAGING_BASE_URL", "https://api.notifly.example/v1"),
		MessagingAPIKey:        os.Getenv("MESSAGING_API_KEY"),
		MessagingWebhookSecret: os.Getenv("MESSAGING_WEBHOOK_SECRET"),
		AffiliateBaseURL:       env("AFFILIATE_BASE_URL", "https://track.affnet.example"),
		AffiliateToken:         os.Getenv("AFFILIATE_TOKEN"),
		PublicJoinURLPrefix:    env("PUBLIC_JOIN_URL_PREFIX", "https://learnloop.example/join/"),
	}
	var err error
	if c.PlatformFeeBps, err = envInt("PLATFORM_FEE_BPS", 1800); err != nil {
		return Config{}, err
	}
	if c.ReminderLeadTime, err = envDuration("REMINDER_LEAD_TIME", 24*time.Hour); err != nil {
		return Config{}, err
	}
	if c.ReviewRequestDelay, err = envDuration("REVIEW_REQUEST_DELAY", 2*time.Hour); err != nil {
		return Config{}, err
	}
	if c.VideoProvisionLead, err = envDuration("VIDEO_PROVISION_LEAD", 30*time.Minute); err != nil {
		return Config{}, err
	}
	if c.PartnerSyncTimeout, err = envDuration("PARTNER_SYNC_TIMEOUT", 10*time.Second); err != nil {
		return Config{}, err
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func envInt(key string, def int64) (int64, error) {
	v, ok := os.LookupEnv(key)
	if !ok || v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return n, nil
}

func envDuration(key string, def time.Duration) (time.Duration, error) {
	v, ok := os.LookupEnv(key)
	if !ok || v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("config: %s: %w", key, err)
	}
	return d, nil
}
