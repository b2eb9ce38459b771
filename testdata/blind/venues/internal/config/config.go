// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

type Config struct {
	Service  string
	LogLevel string

	HTTPAddr         string
	DatabaseURL      string
	DBMaxOpenConns   int
	RedisAddr        string
	ConsumerGroup    string
	SchedulerTick    time.Duration
	HoldDuration     time.Duration
	SignWindow       time.Duration
	WaitlistOfferTTL time.Duration

	CardpayBaseURL       string
	CardpayAPIKey        string
	CardpayWebhookSecret string

	ESignBaseURL          string
	ESignAPIKey           string
	ESignWebhookSecret    string
	ESignMainTemplate     string
	ESignAddendumTemplate string

	VendorLinkBaseURL string
	VendorLinkToken   string

	PostboxBaseURL string
	PostboxToken   string
	MailFrom       string
}

// Load reads the environment. Missing required values are reported together.
func Load() (Config, error) {
	var missing []string
	req := func(key string) string {
		v := os.Getenv(key)
		if v == "" {
			missing = append(missing, key)
		}
		return v
	}

	cfg := Config{
		Service:          get("SERVICE_NAME", "venues"),
		LogLevel:         get("LOG_LEVEL", "info"),
		HTTPAddr:         get("HTTP_ADDR", ":8080"),
		DatabaseURL:      req("DATABASE_URL"),
		DBMaxOpenConns:   get("DB_MAX_OPEN_CONNS", 20),
		RedisAddr:        get("REDIS_ADDR", "localhost:6379"),
		ConsumerGroup:    get("CONSUMER_GROUP", "venues"),
		SchedulerTick:    get("SCHEDULER_TICK", time.Minute),
		HoldDuration:     get("HOLD_DURATION", 72*time.Hour),
		SignWindow:       get("SIGN_WINDOW", 14*24*time.Hour),
		WaitlistOfferTTL: get("WAITLIST_OFFER_TTL", 48*time.Hour),

		CardpayBaseURL:       get("CARDPAY_BASE_URL", "https://api.cardpay.example/v2"),
		CardpayAPIKey:        req("CARDPAY_API_KEY"),
		CardpayWebhookSecret: req("CARDPAY_WEBHOOK_SECRET"),

		ESignBaseURL:          get("ESIGN_BASE_URL", "https://api.inkwell.example/v1"),
		ESignAPIKey:           req("ESIGN_API_KEY"),
		ESignWebhookSecret:    req("ESIGN_WEBHOOK_SECRET"),
		ESignMainTemplate:     get("ESIGN_MAIN_TEMPLATE", "tmpl_venue_hire"),
		ESignAddendumTemplate: get("ESIGN_ADDENDUM_TEMPLATE", "tmpl_venue_addendum"),

		VendorLinkBaseURL: get("VENDORLINK_BASE_URL", "https://gateway.vendorlink.example"),
		VendorLinkToken:   req("VENDORLINK_TOKEN"),

		PostboxBaseURL: get("POSTBOX_BASE_URL", "https://api.postbox.example"),
		PostboxToken:   req("POSTBOX_TOKEN"),
		MailFrom:       get("MAIL_FROM", "bookings@vowhall.example"),
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config: missing %v", missing)
	}
	return cfg, nil
}

type envValue interface {
	~string | ~int | time.Duration
}

// get reads key and parses it as the type of def, returning def when the
// variable is unset or malformed.
func get[T envValue](key string, def T) T {
	raw, ok := os.LookupEnv(key)
	if !ok || raw == "" {
		return def
	}
	var out any
	switch any(def).(type) {
	case string:
		out = raw
	case int:
		n, err := strconv.Atoi(raw)
		if err != nil {
			return def
		}
		out = n
	case time.Duration:
		d, err := time.ParseDuration(raw)
		if err != nil {
			return def
		}
		out = d
	default:
		return def
	}
	v, ok := out.(T)
	if !ok {
		return def
	}
	return v
}
