// Package config reads process configuration from the environment.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

type Config struct {
	HTTPAddr, DatabaseURL                  string
	MigrateOnStart                         bool
	KafkaBrokers                           []string
	KafkaGroupID, ScaleTopic, GradingTopic string
	Currency                               string
	BankURL, BankAPIKey, BankWebhookKey    string
	EinvoiceURL, EinvoiceToken             string
	EinvoiceSender, EinvoiceHookKey        string
	MailURL, MailAPIKey, MailFrom          string
	SMSURL, SMSAccount, SMSToken           string
	SMSSender                              string
	RemovalFeeCents                        int64
	AdvanceShare                           float64
	CronInterval                           time.Duration
}

func Load() (Config, error) {
	c := Config{
		HTTPAddr: env("HTTP_ADDR", ":8080"), DatabaseURL: env("DATABASE_URL", ""),
		MigrateOnStart: env("MIGRATE_ON_START", "true") == "true",
		KafkaBrokers:   strings.Split(env("KAFKA_BROKERS", "localhost:9092"), ","),
		KafkaGroupID:   env("KAFKA_GROUP_ID", "honeycoop-consumer"),
		ScaleTopic:     env("SCALE_TOPIC", "scale.readings"), GradingTopic: env("GRADING_TOPIC", "grading.events"),
		Currency: env("CURRENCY", "EUR"),
		BankURL:  env("BANK_URL", ""), BankAPIKey: env("BANK_API_KEY", ""), BankWebhookKey: env("BANK_WEBHOOK_SECRET", ""),
		EinvoiceURL: env("EINVOICE_URL", ""), EinvoiceToken: env("EINVOICE_TOKEN", ""),
		EinvoiceSender: env("EINVOICE_SENDER_ID", ""), EinvoiceHookKey: env("EINVOICE_WEBHOOK_TOKEN", ""),
		MailURL: env("MAIL_URL", ""), MailAPIKey: env("MAIL_API_KEY", ""), MailFrom: env("MAIL_FROM", "accounts@amberfield.coop"),
		SMSURL: env("SMS_URL", ""), SMSAccount: env("SMS_ACCOUNT", ""), SMSToken: env("SMS_TOKEN", ""),
		SMSSender: env("SMS_SENDER", "Amberfield"),
	}
	var err error
	if c.RemovalFeeCents, err = strconv.ParseInt(env("REMOVAL_FEE_CENTS_PER_HIVE", "1500"), 10, 64); err != nil {
		return c, fmt.Errorf("REMOVAL_FEE_CENTS_PER_HIVE: %w", err)
	}
	if c.AdvanceShare, err = strconv.ParseFloat(env("ADVANCE_SHARE", "0.5"), 64); err != nil {
		return c, fmt.Errorf("ADVANCE_SHARE: %w", err)
	}
	if c.CronInterval, err = time.ParseDuration(env("CRON_INTERVAL", "24h")); err != nil {
		return c, fmt.Errorf("CRON_INTERVAL: %w", err)
	}
	if c.DatabaseURL == "" {
		return c, fmt.Errorf("DATABASE_URL is required")
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok {
		return v
	}
	return def
}
