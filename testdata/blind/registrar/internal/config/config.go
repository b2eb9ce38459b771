// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is shared by every binary; each one reads the sections it needs.
type Config struct {
	DatabaseURL string
	HTTPAddr    string

	Temporal TemporalConfig
	Registry RegistryConfig
	Gateway  GatewayConfig
	DNS      DNSConfig
	Mail     MailConfig
	Pricing  PricingConfig
	Jobs     JobsConfig
}

type TemporalConfig struct {
	HostPort  string
	Namespace string
	TaskQueue string
}

type RegistryConfig struct {
	BaseURL       string
	RegistrarID   string
	Password      string
	ClTRIDPrefix  string
	Timeout       time.Duration
	WebhookSecret string
}

type GatewayConfig struct {
	BaseURL       string
	SecretKey     string
	WebhookSecret string
	Timeout       time.Duration
}

type DNSConfig struct {
	BaseURL       string
	APIToken      string
	WebhookSecret string
	Timeout       time.Duration
	MaxRetries    uint64
	DefaultNS     []string
}

type MailConfig struct {
	BaseURL   string
	APIKey    string
	From      string
	PortalURL string
}

type PricingConfig struct {
	Currency          string
	RegisterCents     int64
	RenewCents        int64
	TransferCents     int64
	PremiumMultiplier int64
}

type JobsConfig struct {
	ReminderDays      []int
	AutoRenewLeadDays int
	ReconcileBatch    int
}

// Load reads the configuration. Missing required values are reported together.
func Load() (*Config, error) {
	var missing []string
	req := func(key string) string {
		v := os.Getenv(key)
		if v == "" {
			missing = append(missing, key)
		}
		return v
	}

	cfg := &Config{
		DatabaseURL: req("DATABASE_URL"),
		HTTPAddr:    env("HTTP_ADDR", ":8080"),
		Temporal: TemporalConfig{
			HostPort:  env("TEMPORAL_HOSTPORT", "localhost:7233"),
			Namespace: env("TEMPORAL_NAMESPACE", "registrar"),
			TaskQueue: env("TEMPORAL_TASK_QUEUE", "registrar-main"),
		},
		Registry: RegistryConfig{
			BaseURL:       req("REGISTRY_URL"),
			RegistrarID:   req("REGISTRY_REGISTRAR_ID"),
			Password:      req("REGISTRY_PASSWORD"),
			ClTRIDPrefix:  env("REGISTRY_CLTRID_PREFIX", "tdh"),
			Timeout:       duration("REGISTRY_TIMEOUT", 20*time.Second),
			WebhookSecret: env("REGISTRY_WEBHOOK_SECRET", ""),
		},
		Gateway: GatewayConfig{
			BaseURL:       env("GATEWAY_URL", "https://api.paygate.example/v2"),
			SecretKey:     req("GATEWAY_SECRET_KEY"),
			WebhookSecret: env("GATEWAY_WEBHOOK_SECRET", ""),
			Timeout:       duration("GATEWAY_TIMEOUT", 30*time.Second),
		},
		DNS: DNSConfig{
			BaseURL:       env("DNS_URL", "https://api.zonecloud.example"),
			APIToken:      req("DNS_API_TOKEN"),
			WebhookSecret: env("DNS_WEBHOOK_SECRET", ""),
			Timeout:       duration("DNS_TIMEOUT", 10*time.Second),
			MaxRetries:    uint64(intEnv("DNS_MAX_RETRIES", 4)),
			DefaultNS:     list("DNS_DEFAULT_NS", "ns1.zonecloud.example,ns2.zonecloud.example"),
		},
		Mail: MailConfig{
			BaseURL:   env("MAIL_URL", "https://relay.mailpost.example"),
			APIKey:    req("MAIL_API_KEY"),
			From:      env("MAIL_FROM", "TLD House <support@tldhouse.example>"),
			PortalURL: env("PORTAL_URL", "https://my.tldhouse.example"),
		},
		Pricing: PricingConfig{
			Currency:          env("PRICE_CURRENCY", "USD"),
			RegisterCents:     int64(intEnv("PRICE_REGISTER_CENTS", 1299)),
			RenewCents:        int64(intEnv("PRICE_RENEW_CENTS", 1499)),
			TransferCents:     int64(intEnv("PRICE_TRANSFER_CENTS", 1199)),
			PremiumMultiplier: int64(intEnv("PRICE_PREMIUM_MULTIPLIER", 1)),
		},
		Jobs: JobsConfig{
			ReminderDays:      intList("REMINDER_DAYS", []int{30, 14, 3}),
			AutoRenewLeadDays: intEnv("AUTO_RENEW_LEAD_DAYS", 7),
			ReconcileBatch:    intEnv("RECONCILE_BATCH", 500),
		},
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	return cfg, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func intEnv(key string, def int) int {
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

func duration(key string, def time.Duration) time.Duration {
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

func list(key, def string) []string {
	raw := env(key, def)
	var out []string
	for _, p := range strings.Split(raw, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func intList(key string, def []int) []int {
	raw := os.Getenv(key)
	if raw == "" {
		return def
	}
	var out []int
	for _, p := range strings.Split(raw, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return def
		}
		out = append(out, n)
	}
	return out
}
