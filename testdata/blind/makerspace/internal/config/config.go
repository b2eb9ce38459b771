// Package config reads the service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is the full service configuration.
type Config struct {
	HTTPAddr string

	DatabaseURL    string
	DBMaxOpenConns int
	DBMaxIdleConns int
	DBConnLifetime time.Duration

	NATSURL string

	TemporalHostPort  string
	TemporalNamespace string

	CardProcBaseURL       string
	CardProcAPIKey        string
	CardProcWebhookSecret string

	DoorBaseURL       string
	DoorSiteID        string
	DoorAPIToken      string
	DoorWebhookSecret string

	SMSBaseURL    string
	SMSAccountSID string
	SMSAuthToken  string
	SMSFrom       string

	// Zones maps equipment classes to door zones, e.g. "laser=laser-room,printer_3d=print-lab".
	Zones map[string]string
}

// Load reads Config from the environment.
func Load() (*Config, error) {
	c := &Config{
		HTTPAddr:              env("HTTP_ADDR", ":8080"),
		DatabaseURL:           env("DATABASE_URL", ""),
		DBMaxOpenConns:        envInt("DB_MAX_OPEN_CONNS", 20),
		DBMaxIdleConns:        envInt("DB_MAX_IDLE_CONNS", 5),
		DBConnLifetime:        envDuration("DB_CONN_LIFETIME", 30*time.Minute),
		NATSURL:               env("NATS_URL", "nats://127.0.0.1:4222"),
		TemporalHostPort:      env("TEMPORAL_HOSTPORT", "127.0.0.1:7233"),
		TemporalNamespace:     env("TEMPORAL_NAMESPACE", "makerspace"),
		CardProcBaseURL:       env("CARDPROC_BASE_URL", ""),
		CardProcAPIKey:        env("CARDPROC_API_KEY", ""),
		CardProcWebhookSecret: env("CARDPROC_WEBHOOK_SECRET", ""),
		DoorBaseURL:           env("DOORCTL_BASE_URL", ""),
		DoorSiteID:            env("DOORCTL_SITE_ID", ""),
		DoorAPIToken:          env("DOORCTL_API_TOKEN", ""),
		DoorWebhookSecret:     env("DOORCTL_WEBHOOK_SECRET", ""),
		SMSBaseURL:            env("SMS_BASE_URL", ""),
		SMSAccountSID:         env("SMS_ACCOUNT_SID", ""),
		SMSAuthToken:          env("SMS_AUTH_TOKEN", ""),
		SMSFrom:               env("SMS_FROM", ""),
		Zones:                 parseZones(env("EQUIPMENT_ZONES", "laser=laser-room,printer_3d=print-lab,cnc=shop-floor,vinyl=craft-room")),
	}
	var missing []string
	for name, v := range map[string]string{
		"DATABASE_URL":      c.DatabaseURL,
		"CARDPROC_BASE_URL": c.CardProcBaseURL,
		"CARDPROC_API_KEY":  c.CardProcAPIKey,
		"DOORCTL_BASE_URL":  c.DoorBaseURL,
		"DOORCTL_SITE_ID":   c.DoorSiteID,
	} {
		if v == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("missing configuration: %s", strings.Join(missing, ", "))
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}

func envInt(key string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(key)); err == nil {
		return v
	}
	return def
}

func envDuration(key string, def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv(key)); err == nil {
		return v
	}
	return def
}

func parseZones(s string) map[string]string {
	out := map[string]string{}
	for _, pair := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if ok && k != "" && v != "" {
			out[k] = v
		}
	}
	return out
}
