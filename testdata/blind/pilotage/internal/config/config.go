// Package config reads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr          string
	DatabaseURL       string
	KafkaBrokers      []string
	KafkaGroupID      string
	AWSRegion         string
	TugOrdersQueueURL string // FIFO
	TugCancelQueueURL string // standard
	BankWebhookSecret string

	PortAuthority struct {
		BaseURL, Token string
		RetryMax       int
		Timeout        time.Duration
	}
	Pager  struct{ BaseURL, APIKey, SenderID string }
	Mailer struct{ BaseURL, APIKey, FromEmail string }
}

// Load reads the configuration. Missing required values are reported
// together so a broken deployment shows everything at once.
func Load() (Config, error) {
	var missing []string
	req := func(key string) string {
		v := os.Getenv(key)
		if v == "" {
			missing = append(missing, key)
		}
		return v
	}
	var c Config
	c.HTTPAddr = env("HTTP_ADDR", ":8080")
	c.DatabaseURL = req("DATABASE_URL")
	c.KafkaBrokers = strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ",")
	c.KafkaGroupID = env("KAFKA_GROUP_ID", "pilotage")
	c.AWSRegion = env("AWS_REGION", "eu-west-1")
	c.TugOrdersQueueURL = req("TUG_ORDERS_QUEUE_URL")
	c.TugCancelQueueURL = req("TUG_CANCEL_QUEUE_URL")
	c.BankWebhookSecret = req("BANK_WEBHOOK_SECRET")

	c.PortAuthority.BaseURL = req("PORT_AUTHORITY_URL")
	c.PortAuthority.Token = req("PORT_AUTHORITY_TOKEN")
	c.PortAuthority.RetryMax, _ = strconv.Atoi(env("PORT_AUTHORITY_RETRY_MAX", "4"))
	c.PortAuthority.Timeout, _ = time.ParseDuration(env("PORT_AUTHORITY_TIMEOUT", "15s"))

	c.Pager.BaseURL = req("PAGER_URL")
	c.Pager.APIKey = req("PAGER_API_KEY")
	c.Pager.SenderID = env("PAGER_SENDER_ID", "PILOTS")

	c.Mailer.BaseURL = req("MAILER_URL")
	c.Mailer.APIKey = req("MAILER_API_KEY")
	c.Mailer.FromEmail = env("MAILER_FROM", "dues@harbourline.example")

	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	return c, nil
}

func env(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
