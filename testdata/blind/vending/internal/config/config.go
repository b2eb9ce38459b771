// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"go.uber.org/fx"
)

type Postgres struct {
	URL      string
	MaxConns int32
	AppName  string
}

type Kafka struct {
	Brokers []string
	GroupID string
}

type HTTP struct {
	Addr            string
	ShutdownTimeout time.Duration
	StaffTokens     map[string]string
	MachineSecret   string
}

type Provider struct {
	BaseURL string
	APIKey  string
	Timeout time.Duration
}

type Providers struct {
	CardPay       Provider
	CardPayHook   string
	Wholesaler    Provider
	WholesalerAcc string
	Payouts       Provider
	SMS           Provider
	SMSFrom       string
	Mail          Provider
	MailFrom      string
}

// Config is the union of settings used by the binaries. Each binary only
// reads the parts it needs.
type Config struct {
	Service   string
	Postgres  Postgres
	Kafka     Kafka
	HTTP      HTTP
	Providers Providers
	Currency  string
}

// Load reads the environment. service names the binary and becomes the
// Postgres application_name and the default Kafka group.
func Load(service string) (Config, error) {
	c := Config{
		Service: service,
		Postgres: Postgres{
			URL:      env("DATABASE_URL", "postgres://fleetops@localhost:5432/fleetops"),
			MaxConns: int32(envInt("DATABASE_MAX_CONNS", 10)),
			AppName:  service,
		},
		Kafka: Kafka{
			Brokers: strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
			GroupID: env("KAFKA_GROUP_ID", "fleetops-"+service),
		},
		HTTP: HTTP{
			Addr:            env("HTTP_ADDR", ":8080"),
			ShutdownTimeout: envDuration("HTTP_SHUTDOWN_TIMEOUT", 15*time.Second),
			StaffTokens:     parsePairs(os.Getenv("STAFF_TOKENS")),
			MachineSecret:   os.Getenv("MACHINE_SHARED_SECRET"),
		},
		Providers: Providers{
			CardPay:       provider("CARDPAY", "https://api.cardpay.example/v1"),
			CardPayHook:   os.Getenv("CARDPAY_WEBHOOK_SECRET"),
			Wholesaler:    provider("WHOLESALER", "https://orders.cashcarry.example/api"),
			WholesalerAcc: os.Getenv("WHOLESALER_ACCOUNT"),
			Payouts:       provider("PAYRAIL", "https://api.payrail.example"),
			SMS:           provider("TEXTHIVE", "https://api.texthive.example"),
			SMSFrom:       env("TEXTHIVE_FROM", "VendGrid"),
			Mail:          provider("POSTBOX", "https://api.postbox.example"),
			MailFrom:      env("POSTBOX_FROM", "statements@vendgrid.example"),
		},
		Currency: env("OPERATING_CURRENCY", "EUR"),
	}
	if c.Postgres.URL == "" {
		return Config{}, fmt.Errorf("DATABASE_URL is empty")
	}
	return c, nil
}

// Module exposes the config and its sections to fx.
func Module(service string) fx.Option {
	return fx.Module("config",
		fx.Provide(
			func() (Config, error) { return Load(service) },
			func(c Config) Postgres { return c.Postgres },
			func(c Config) Kafka { return c.Kafka },
			func(c Config) HTTP { return c.HTTP },
			func(c Config) Providers { return c.Providers },
		),
	)
}

func provider(prefix, defURL string) Provider {
	return Provider{
		BaseURL: env(prefix+"_BASE_URL", defURL),
		APIKey:  os.Getenv(prefix + "_API_KEY"),
		Timeout: envDuration(prefix+"_TIMEOUT", 10*time.Second),
	}
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
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

// parsePairs reads "token=subject,token=subject".
func parsePairs(s string) map[string]string {
	out := map[string]string{}
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && k != "" {
			out[k] = v
		}
	}
	return out
}
