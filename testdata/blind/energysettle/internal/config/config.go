// Package config loads service configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// Config is everything main needs to wire the service.
type Config struct {
	DatabaseURL    string
	MigrationsAuto bool

	KafkaBrokers []string
	KafkaGroupID string
	KafkaDLQ     string

	AWSRegion string
	Queues    QueueURLs
	Topics    TopicARNs

	AdminAddr  string
	AdminToken string

	GoCardlessBaseURL string
	GoCardlessToken   string
	GoCardlessVersion string

	RegulatorBaseURL     string
	RegulatorAPIKey      string
	RegulatorParticipant string

	SupplierID       string
	LateFeePence     int64
	DunningGraceDays int
	ShutdownTimeout  time.Duration
}

// QueueURLs are the SQS queues the pollers read, plus queues we send to.
type QueueURLs struct {
	InvoiceRequests     string
	CollectionRequests  string
	CollectionRetries   string
	RefundRequests      string
	PaymentEvents       string
	PayoutEvents        string
	StatementRequests   string
	StatementAcks       string
	StatementDisputes   string
	RegulatorDaily      string
	RegulatorAmendments string
	Dunning             string
	ImbalanceRecalc     string // FIFO
}

// TopicARNs are the SNS topics we publish to.
type TopicARNs struct {
	CounterpartyStatements     string // standard topic, statement-ready notices
	CounterpartyStatementsFIFO string // FIFO topic used for ordered republish
	Treasury                   string // FIFO topic consumed by treasury
}

// Load reads the configuration from environment variables.
func Load() (Config, error) {
	c := Config{
		DatabaseURL:    os.Getenv("DATABASE_URL"),
		MigrationsAuto: envBool("MIGRATIONS_AUTO", true),
		KafkaBrokers:   splitList(os.Getenv("KAFKA_BROKERS")),
		KafkaGroupID:   envOr("KAFKA_GROUP_ID", "energysettle"),
		KafkaDLQ:       envOr("KAFKA_DLQ_TOPIC", "energysettle.dlq"),
		AWSRegion:      envOr("AWS_REGION", "eu-west-2"),
		Queues: QueueURLs{
			InvoiceRequests:     os.Getenv("SQS_INVOICE_REQUESTS_URL"),
			CollectionRequests:  os.Getenv("SQS_COLLECTION_REQUESTS_URL"),
			CollectionRetries:   os.Getenv("SQS_COLLECTION_RETRIES_URL"),
			RefundRequests:      os.Getenv("SQS_REFUND_REQUESTS_URL"),
			PaymentEvents:       os.Getenv("SQS_PAYMENT_EVENTS_URL"),
			PayoutEvents:        os.Getenv("SQS_PAYOUT_EVENTS_URL"),
			StatementRequests:   os.Getenv("SQS_STATEMENT_REQUESTS_URL"),
			StatementAcks:       os.Getenv("SQS_STATEMENT_ACKS_URL"),
			StatementDisputes:   os.Getenv("SQS_STATEMENT_DISPUTES_URL"),
			RegulatorDaily:      os.Getenv("SQS_REGULATOR_DAILY_URL"),
			RegulatorAmendments: os.Getenv("SQS_REGULATOR_AMENDMENTS_URL"),
			Dunning:             os.Getenv("SQS_DUNNING_URL"),
			ImbalanceRecalc:     os.Getenv("SQS_IMBALANCE_RECALC_URL"),
		},
		Topics: TopicARNs{
			CounterpartyStatements:     os.Getenv("SNS_COUNTERPARTY_STATEMENTS_ARN"),
			CounterpartyStatementsFIFO: os.Getenv("SNS_COUNTERPARTY_STATEMENTS_FIFO_ARN"),
			Treasury:                   os.Getenv("SNS_TREASURY_ARN"),
		},
		AdminAddr:            envOr("ADMIN_ADDR", ":8081"),
		AdminToken:           os.Getenv("ADMIN_TOKEN"),
		GoCardlessBaseURL:    envOr("GOCARDLESS_BASE_URL", "https://api.gocardless.com"),
		GoCardlessToken:      os.Getenv("GOCARDLESS_ACCESS_TOKEN"),
		GoCardlessVersion:    envOr("GOCARDLESS_VERSION", "2015-07-06"),
		RegulatorBaseURL:     os.Getenv("REGULATOR_BASE_URL"),
		RegulatorAPIKey:      os.Getenv("REGULATOR_API_KEY"),
		RegulatorParticipant: os.Getenv("REGULATOR_PARTICIPANT_ID"),
		SupplierID:           envOr("SUPPLIER_ID", "GRIDW"),
		LateFeePence:         int64(envInt("LATE_FEE_PENCE", 1500)),
		DunningGraceDays:     envInt("DUNNING_GRACE_DAYS", 14),
		ShutdownTimeout:      time.Duration(envInt("SHUTDOWN_TIMEOUT_SECONDS", 20)) * time.Second,
	}
	var missing []string
	if c.DatabaseURL == "" {
		missing = append(missing, "DATABASE_URL")
	}
	if len(c.KafkaBrokers) == 0 {
		missing = append(missing, "KAFKA_BROKERS")
	}
	if c.GoCardlessToken == "" {
		missing = append(missing, "GOCARDLESS_ACCESS_TOKEN")
	}
	if c.RegulatorBaseURL == "" {
		missing = append(missing, "REGULATOR_BASE_URL")
	}
	if len(missing) > 0 {
		return Config{}, fmt.Errorf("config: missing %s", strings.Join(missing, ", "))
	}
	return c, nil
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(k string, def int) int {
	v := os.Getenv(k)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return def
	}
	return n
}

func envBool(k string, def bool) bool {
	v := os.Getenv(k)
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return def
	}
	return b
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
