// Package config loads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/halyard/funding/internal/platform/database"
)

// Config is shared by every binary; each one reads the parts it needs.
type Config struct {
	Env      string
	HTTPAddr string
	GRPCAddr string

	Database database.Config

	Kafka struct {
		Brokers []string
		GroupID string
	}

	SQS struct {
		Region             string
		WithdrawalQueueURL string
		OpsQueueURL        string
		WaitSeconds        int32
		VisibilitySeconds  int32
	}

	Custody struct {
		BaseURL   string
		APIKey    string
		APISecret string
		VaultID   string
		Webhook   string
	}

	Bank struct {
		BaseURL        string
		ClientID       string
		ClientSecret   string
		OmnibusAccount string
		RevenueAccount string
		WebhookSecret  string
	}

	Card struct {
		BaseURL       string
		SecretKey     string
		WebhookSecret string
	}

	SMS struct {
		BaseURL string
		Token   string
		Sender  string
	}

	OpsAlertWebhook string

	Withdrawals struct {
		ApprovalThreshold int64
		ApprovalQuorum    int
	}

	Confirmations map[string]int
	FeeCurrencies []string
}

// Load reads the environment.
func Load() (*Config, error) {
	c := &Config{}
	c.Env = env("APP_ENV", "dev")
	c.HTTPAddr = env("HTTP_ADDR", ":8080")
	c.GRPCAddr = env("GRPC_ADDR", ":9090")

	c.Database.DSN = env("DATABASE_URL", "")
	c.Database.MaxOpenConns = envInt("DATABASE_MAX_OPEN", 20)
	c.Database.MaxIdleConns = envInt("DATABASE_MAX_IDLE", 10)
	c.Database.ConnMaxLifetime = envDuration("DATABASE_CONN_LIFETIME", 30*time.Minute)
	c.Database.StatementTimout = envDuration("DATABASE_STATEMENT_TIMEOUT", 10*time.Second)

	c.Kafka.Brokers = strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ",")
	c.Kafka.GroupID = env("KAFKA_GROUP_ID", "funding-chain-consumer")

	c.SQS.Region = env("AWS_REGION", "eu-west-1")
	c.SQS.WithdrawalQueueURL = env("SQS_WITHDRAWAL_QUEUE_URL", "")
	c.SQS.OpsQueueURL = env("SQS_OPS_QUEUE_URL", "")
	c.SQS.WaitSeconds = int32(envInt("SQS_WAIT_SECONDS", 20))
	c.SQS.VisibilitySeconds = int32(envInt("SQS_VISIBILITY_SECONDS", 120))

	c.Custody.BaseURL = env("CUSTODY_BASE_URL", "")
	c.Custody.APIKey = env("CUSTODY_API_KEY", "")
	c.Custody.APISecret = env("CUSTODY_API_SECRET", "")
	c.Custody.VaultID = env("CUSTODY_VAULT_ID", "")
	c.Custody.Webhook = env("CUSTODY_WEBHOOK_SECRET", "")

	c.Bank.BaseURL = env("BANK_BASE_URL", "")
	c.Bank.ClientID = env("BANK_CLIENT_ID", "")
	c.Bank.ClientSecret = env("BANK_CLIENT_SECRET", "")
	c.Bank.OmnibusAccount = env("BANK_OMNIBUS_ACCOUNT", "")
	c.Bank.RevenueAccount = env("BANK_REVENUE_ACCOUNT", "")
	c.Bank.WebhookSecret = env("BANK_WEBHOOK_SECRET", "")

	c.Card.BaseURL = env("CARD_BASE_URL", "")
	c.Card.SecretKey = env("CARD_SECRET_KEY", "")
	c.Card.WebhookSecret = env("CARD_WEBHOOK_SECRET", "")

	c.SMS.BaseURL = env("SMS_BASE_URL", "")
	c.SMS.Token = env("SMS_TOKEN", "")
	c.SMS.Sender = env("SMS_SENDER", "Halyard")

	c.OpsAlertWebhook = env("OPS_ALERT_WEBHOOK", "")

	c.Withdrawals.ApprovalThreshold = int64(envInt("WITHDRAWAL_APPROVAL_THRESHOLD", 10_000_00))
	c.Withdrawals.ApprovalQuorum = envInt("WITHDRAWAL_APPROVAL_QUORUM", 2)

	c.Confirmations = map[string]int{"bitcoin": 3, "ethereum": 12, "tron": 20, "solana": 32}
	for _, kv := range strings.Split(env("CHAIN_CONFIRMATIONS", ""), ",") {
		name, n, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		v, err := strconv.Atoi(n)
		if err != nil {
			return nil, fmt.Errorf("CHAIN_CONFIRMATIONS: %w", err)
		}
		c.Confirmations[name] = v
	}
	c.FeeCurrencies = strings.Split(env("FEE_SWEEP_CURRENCIES", "EUR,GBP"), ",")

	if c.Database.DSN == "" {
		return nil, fmt.Errorf("DATABASE_URL is required")
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
