// Package config loads toolsd configuration from the environment.
package config

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/shedshare/toolsd/internal/provider/cardpay"
	"github.com/shedshare/toolsd/internal/provider/lockerapi"
	"github.com/shedshare/toolsd/internal/provider/repairnet"
	"github.com/shedshare/toolsd/internal/provider/smsgw"
	"github.com/shedshare/toolsd/internal/service"
)

type Config struct {
	HTTPAddr          string
	MySQLDSN          string
	MySQLMaxOpen      int
	RedisAddr         string
	RedisPassword     string
	TemporalHostPort  string
	TemporalNamespace string
	WorkerConcurrency int

	CardPay cardpay.Config
	Locker  lockerapi.Config
	SMS     smsgw.Config

	// RepairTokens maps partner ID to API token.
	RepairTokens map[string]string
	// BranchAddresses maps branch ID to courier pickup address.
	BranchAddresses map[string]repairnet.Address

	Policy service.Policy
}

type env struct {
	errs []string
}

func (e *env) str(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}

func (e *env) required(key string) string {
	v := os.Getenv(key)
	if v == "" {
		e.errs = append(e.errs, key+" is required")
	}
	return v
}

func (e *env) int(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		e.errs = append(e.errs, fmt.Sprintf("%s: %v", key, err))
		return def
	}
	return n
}

func (e *env) duration(key string, def time.Duration) time.Duration {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		e.errs = append(e.errs, fmt.Sprintf("%s: %v", key, err))
		return def
	}
	return d
}

func (e *env) jsonMap(key string, out any) {
	v := os.Getenv(key)
	if v == "" {
		return
	}
	if err := json.Unmarshal([]byte(v), out); err != nil {
		e.errs = append(e.errs, fmt.Sprintf("%s: %v", key, err))
	}
}

// Load reads the configuration.
func Load() (Config, error) {
	e := &env{}
	tz, err := time.LoadLocation(e.str("BRANCH_TIMEZONE", "America/Chicago"))
	if err != nil {
		return Config{}, fmt.Errorf("BRANCH_TIMEZONE: %w", err)
	}
	cfg := Config{
		HTTPAddr:          e.str("HTTP_ADDR", ":8080"),
		MySQLDSN:          e.required("MYSQL_DSN"),
		MySQLMaxOpen:      e.int("MYSQL_MAX_OPEN", 20),
		RedisAddr:         e.str("REDIS_ADDR", "127.0.0.1:6379"),
		RedisPassword:     e.str("REDIS_PASSWORD", ""),
		TemporalHostPort:  e.str("TEMPORAL_HOSTPORT", "127.0.0.1:7233"),
		TemporalNamespace: e.str("TEMPORAL_NAMESPACE", "toolsd"),
		WorkerConcurrency: e.int("WORKER_CONCURRENCY", 10),
		CardPay: cardpay.Config{
			BaseURL:       e.required("CARDPAY_BASE_URL"),
			APIKey:        e.required("CARDPAY_API_KEY"),
			AccountID:     e.required("CARDPAY_ACCOUNT_ID"),
			WebhookSecret: e.required("CARDPAY_WEBHOOK_SECRET"),
		},
		Locker: lockerapi.Config{
			BaseURL:       e.required("LOCKER_BASE_URL"),
			APIToken:      e.required("LOCKER_API_TOKEN"),
			SiteID:        e.required("LOCKER_SITE_ID"),
			WebhookSecret: e.required("LOCKER_WEBHOOK_SECRET"),
		},
		SMS: smsgw.Config{
			BaseURL:        e.required("SMS_BASE_URL"),
			AccountSID:     e.required("SMS_ACCOUNT_SID"),
			AuthToken:      e.required("SMS_AUTH_TOKEN"),
			StatusCallback: e.str("SMS_STATUS_CALLBACK", ""),
		},
		Policy: service.Policy{
			MaxExtensions:       e.int("POLICY_MAX_EXTENSIONS", 2),
			MaxExtensionDays:    e.int("POLICY_MAX_EXTENSION_DAYS", 7),
			PickupWindow:        e.duration("POLICY_PICKUP_WINDOW", 48*time.Hour),
			LateGrace:           e.duration("POLICY_LATE_GRACE", 2*time.Hour),
			MaxLateFeeDays:      e.int("POLICY_MAX_LATE_FEE_DAYS", 14),
			BranchTimezone:      tz,
			DueSoonLead:         e.duration("POLICY_DUE_SOON_LEAD", 24*time.Hour),
			FeeRetryAfter:       e.duration("POLICY_FEE_RETRY_AFTER", 72*time.Hour),
			SweepPageSize:       e.int("SWEEP_PAGE_SIZE", 200),
			DefaultLoanDays:     e.int("POLICY_DEFAULT_LOAN_DAYS", 3),
			MaxLoanDays:         e.int("POLICY_MAX_LOAN_DAYS", 14),
			ReservationLeadDays: e.int("POLICY_RESERVATION_LEAD_DAYS", 14),
		},
	}
	cfg.RepairTokens = map[string]string{}
	e.jsonMap("REPAIRNET_TOKENS", &cfg.RepairTokens)
	cfg.BranchAddresses = map[string]repairnet.Address{}
	e.jsonMap("BRANCH_ADDRESSES", &cfg.BranchAddresses)
	if len(e.errs) > 0 {
		return Config{}, fmt.Errorf("config: %s", strings.Join(e.errs, "; "))
	}
	return cfg, nil
}
